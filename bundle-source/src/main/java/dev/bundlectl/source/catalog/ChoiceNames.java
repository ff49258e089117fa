package dev.bundlectl.source.catalog;

/**
 * What the front end calls the three parts of a catalog choice, so that a wrong choice is reported
 * in the user's own terms: the CLI's flags, or the fields of a BundleInstall.
 *
 * @param packageName the name of the package setting ({@code --package})
 * @param channel the name of the channel setting ({@code --channel})
 * @param version the name of the version setting ({@code --version})
 */
public record ChoiceNames(String packageName, String channel, String version) {

    /** The CLI's flags. */
    public static final ChoiceNames FLAGS = new ChoiceNames("--package", "--channel", "--version");

    /** A BundleInstall's fields under {@code spec.source.catalog}. */
    public static final ChoiceNames BUNDLE_INSTALL_FIELDS = new ChoiceNames("spec.source.catalog.package",
            "spec.source.catalog.channel", "spec.source.catalog.version");
}
