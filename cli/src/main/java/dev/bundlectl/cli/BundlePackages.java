package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.BundleAnnotations;
import dev.bundlectl.bundle.layout.LayoutResolver;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.bundle.yaml.SafeYaml;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bundles of a directory tree by package, so that a catalog's upgrade check reads one
 * package's bundles together and holds no more than that package at a time, whatever the tree's
 * layout. A bundle's package is its annotations' {@code operators.operatorframework.io.bundle.package.v1},
 * read alone (a few hundred bytes each); a bundle without one is read whole to learn it.
 */
final class BundlePackages {

    /** An annotations file is a few hundred bytes; anything near this is not one. */
    private static final long MAX_ANNOTATIONS_BYTES = 1L << 20;

    private BundlePackages() {
    }

    /** The bundles by package, packages in the order their first bundle comes, bundles in the given order. */
    static Map<String, List<Path>> of(List<Path> bundles) {
        Map<String, List<Path>> byPackage = new LinkedHashMap<>();
        for (Path bundle : bundles) {
            byPackage.computeIfAbsent(packageOf(bundle), name -> new ArrayList<>()).add(bundle);
        }
        return byPackage;
    }

    private static String packageOf(Path bundle) {
        try {
            Path file = bundle.resolve(LayoutResolver.ANNOTATIONS_FILE);
            JsonNode annotations = SafeYaml.readTree(SafeYaml.readText(file, MAX_ANNOTATIONS_BYTES), file.toString())
                    .path("annotations");
            JsonNode name = annotations.path(BundleAnnotations.PACKAGE);
            if (name.isTextual() && !name.asText().isBlank()) {
                return name.asText();
            }
        } catch (InputFileException e) {
            // Read whole below; the reader then says what is wrong, once, when the bundle is checked.
        }
        // No annotated package: the reader's answer (the CSV's package), or the directory itself when
        // it cannot read the bundle, which then stands alone and is reported as unreadable.
        return new BundleReader().read(bundle).bundle().map(read -> read.packageName())
                .orElse("(unreadable) " + bundle);
    }
}
