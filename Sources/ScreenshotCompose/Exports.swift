// The library users import is ScreenshotCompose: the stage targets' public API (the README's
// library section) comes with it, so `import ScreenshotCompose` is all a program needs.
import Support
import Diagnostics
@_exported import Diagnostics
@_exported import Support
@_exported import Ingest
@_exported import Plan
@_exported import Layout
@_exported import Compose
@_exported import Raster
@_exported import Manifest
@_exported import Publish
