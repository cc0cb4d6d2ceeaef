// The library users import is ScreenshotCompose: the stage targets' public API (the README's
// library section) comes with it, so `import ScreenshotCompose` is all a program needs.
@_exported import Diagnostics
@_exported import Support
@_exported import Ingest
