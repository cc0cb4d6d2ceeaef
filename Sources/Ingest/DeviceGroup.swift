import Foundation

extension JobCapture {
    /// One device of a fastlane folder that holds several: its outputs go to
    /// `<locale>/<folder>/<screen>` (`en-US/ios-simulator-1320x2868/01Home.png`), so two
    /// devices' `01Home` never collide and each device's set sits in its own folder.
    public struct DeviceGroup: Equatable, Sendable {
        /// The device well (or, for a device the catalog does not know, its name) as a folder name.
        public var folder: String
        /// The screen id: the output's file name inside the folder.
        public var screen: String
    }
}
