/// What a template may hold: the allow-list of static SVG the tool knows (elements, their
/// attributes, CSS properties), what is refused (active content, animation, links, includes),
/// and what design tools write for themselves (dropped, never refused).
import Support
import Diagnostics

enum TemplateVocabulary {
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    static let xincludeNamespaces: Set<String> = ["http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude"]
    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    /// Static SVG elements kept (after `<use>`, `<switch>`, `<a>` and `<style>` are resolved).
    static let elements: Set<String> = [
        "svg", "g", "defs", "symbol", "title", "desc",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
        "text", "tspan", "textPath", "image",
        "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
        "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB",
        "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset",
        "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
    ]

    /// Resolved by the reader into what they mean (then gone from the tree).
    static let resolvedElements: Set<String> = ["use", "switch", "a", "style"]

    /// Refused wherever they are: they run, load or change the picture over time.
    static let activeElements: Set<String> = [
        "script", "foreignObject", "iframe", "embed", "object", "handler", "listener", "audio", "video", "canvas",
    ]
    static let animationElements: Set<String> = ["set", "animate", "animateMotion", "animateTransform", "animateColor", "mpath", "discard"]

    /// Namespaces of design tools' own data (Inkscape, Sodipodi, Illustrator, Sketch, Affinity,
    /// Figma, the RDF metadata they embed): dropped, with one warning per template.
    static func isEditorNamespace(_ uri: String) -> Bool {
        let prefixes = ["http://www.inkscape.org/namespaces/", "http://sodipodi.sourceforge.net/", "http://inkscape.sourceforge.net/",
                        "http://ns.adobe.com/", "http://www.bohemiancoding.com/sketch/", "http://www.serif.com/",
                        "http://www.figma.com/", "http://purl.org/dc/", "http://creativecommons.org/ns", "http://web.resource.org/cc/",
                        "http://www.w3.org/1999/02/22-rdf-syntax-ns", "https://boxy-svg.com", "http://www.vectornator.io",
                        "http://www.corel.com/coreldraw/", "http://www.xml-cml.org/"]
        return prefixes.contains { uri.hasPrefix($0) }
    }

    /// Attributes any kept element may carry (besides presentation properties).
    static let coreAttributes: Set<String> = ["id", "transform", "xml:space", "xml:lang", "lang"]

    /// Geometry and parameter attributes of the kept elements (their union; librsvg and browsers
    /// ignore one on an element it does not belong to).
    static let elementAttributes: Set<String> = [
        "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "fx", "fy", "fr", "x1", "y1", "x2", "y2",
        "points", "d", "pathLength", "viewBox", "preserveAspectRatio", "href",
        "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method", "spacing", "side",
        "gradientUnits", "gradientTransform", "spreadMethod", "offset",
        "patternUnits", "patternContentUnits", "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits",
        "markerUnits", "refX", "refY", "markerWidth", "markerHeight", "orient",
        "filterUnits", "primitiveUnits", "result", "in", "in2", "mode", "type", "values", "operator",
        "k1", "k2", "k3", "k4", "order", "divisor", "bias", "targetX", "targetY", "edgeMode", "kernelMatrix",
        "kernelUnitLength", "preserveAlpha", "surfaceScale", "diffuseConstant", "specularConstant", "specularExponent",
        "scale", "xChannelSelector", "yChannelSelector", "azimuth", "elevation", "z", "pointsAtX", "pointsAtY", "pointsAtZ",
        "limitingConeAngle", "stdDeviation", "radius", "baseFrequency", "numOctaves", "seed", "stitchTiles",
        "tableValues", "slope", "intercept", "amplitude", "exponent",
    ]

    /// Inert attributes kept as they are: the tool's own markers (`data-*`) and accessibility.
    static func isInertKept(_ name: String) -> Bool {
        name.hasPrefix("data-") || name.hasPrefix("aria-") || name == "role"
    }

    /// How a CSS property reaches the normalized tree.
    enum Property {
        /// A presentation attribute (`fill="…"`).
        case attribute
        /// Only valid in `style` (librsvg and the specs have no attribute for it): kept in a
        /// `style` attribute the writer builds from the checked value.
        case styleOnly
        /// An editor's own or an inert property: dropped (with the one editor warning).
        case editor
    }

    static let properties: [String: Property] = {
        var table: [String: Property] = [:]
        for name in [
            "alignment-baseline", "baseline-shift", "clip", "clip-path", "clip-rule", "color", "color-interpolation",
            "color-interpolation-filters", "color-rendering", "direction", "display", "dominant-baseline",
            "fill", "fill-opacity", "fill-rule", "filter", "flood-color", "flood-opacity", "font-family", "font-size",
            "font-size-adjust", "font-stretch", "font-style", "font-variant", "font-weight", "glyph-orientation-horizontal",
            "glyph-orientation-vertical", "image-rendering", "kerning", "letter-spacing", "lighting-color",
            "marker-end", "marker-mid", "marker-start", "mask", "mask-type", "opacity", "overflow", "paint-order",
            "shape-rendering", "stop-color", "stop-opacity", "stroke", "stroke-dasharray", "stroke-dashoffset",
            "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-opacity", "stroke-width", "text-anchor",
            "text-decoration", "text-rendering", "unicode-bidi", "vector-effect", "visibility", "word-spacing",
            "writing-mode", "white-space",
        ] { table[name] = .attribute }
        for name in [
            "line-height", "mix-blend-mode", "isolation", "font-variant-ligatures", "font-variant-caps",
            "font-variant-numeric", "font-variant-east-asian", "font-variant-position", "font-variant-alternates",
            "font-feature-settings", "font-variation-settings", "font-kerning", "text-orientation", "text-transform",
            "text-decoration-line", "text-decoration-style", "text-decoration-color", "inline-size",
        ] { table[name] = .styleOnly }
        for name in [
            "enable-background", "pointer-events", "cursor", "text-align", "text-align-last", "text-indent",
            "shape-inside", "shape-subtract", "shape-padding", "shape-margin", "solid-color", "solid-opacity",
            "block-progression", "tab-size", "hyphens", "user-select", "touch-action", "transform-box",
            "marker-knockout-left", "marker-knockout-right",
        ] { table[name] = .editor }
        return table
    }()

    /// An element or attribute of a design tool's own (by name: editors write some without a
    /// namespace, and `-inkscape-*` properties).
    static func isEditorProperty(_ name: String) -> Bool {
        name.hasPrefix("-inkscape-") || name.hasPrefix("-webkit-") || name.hasPrefix("-moz-") || name.hasPrefix("-ms-")
            || name.hasPrefix("-adobe-") || properties[name] == .editor
    }

    /// Attributes editors write without a namespace, never drawn.
    static let editorAttributes: Set<String> = [
        "version", "baseProfile", "class", "enable-background", "xml:base", "focusable", "tabindex", "zoomAndPan",
        "contentScriptType", "contentStyleType", "data-name", "requiredFeatures", "overflow-x", "overflow-y",
    ]

    /// CSS functions a value may hold; `url()` only to a local `#id`.
    static let valueFunctions: Set<String> = ["rgb", "rgba", "hsl", "hsla", "url"]

    /// Attributes whose value is a link (`href`, `xlink:href`).
    static func isLink(_ name: String) -> Bool { name == "href" }
}
