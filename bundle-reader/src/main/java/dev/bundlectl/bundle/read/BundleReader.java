package dev.bundlectl.bundle.read;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.BundleAnnotations;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.OptionalManifestRef;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Property;
import dev.bundlectl.bundle.files.ClosedTree;
import dev.bundlectl.bundle.files.TreeEntry;
import dev.bundlectl.bundle.layout.Layout;
import dev.bundlectl.bundle.layout.LayoutResolver;
import dev.bundlectl.bundle.layout.ManifestsDirectory;
import dev.bundlectl.bundle.metadata.AnnotationsReader;
import dev.bundlectl.bundle.metadata.DeclaredProperty;
import dev.bundlectl.bundle.metadata.MetadataDirectory;
import dev.bundlectl.bundle.metadata.MetadataFile;
import dev.bundlectl.bundle.metadata.OptionalManifestResolver;
import dev.bundlectl.bundle.metadata.PropertyCollector;
import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.metadata.DependencyReader;
import dev.bundlectl.bundle.objects.CsvSelector;
import dev.bundlectl.bundle.objects.DuplicateObjects;
import dev.bundlectl.bundle.objects.ManifestFileReader;
import dev.bundlectl.bundle.yaml.LoadResult;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads an OLM registry+v1 bundle directory into a {@link Bundle} plus {@link Diagnostics}.
 *
 * <p>It never throws for bad input: unreadable files, broken YAML, odd layouts and invalid objects
 * all become diagnostics naming the file, the object and the field, and the bundle is returned
 * only when there is no error. Every file is read once. The bundle is a closed tree
 * ({@link ClosedTree}): links are followed only within it, and an entry that cannot be read is an
 * error, never skipped. Instances are immutable and may be shared between threads.
 */
public final class BundleReader {

    private final SafeYamlLoader loader;
    private final LayoutResolver layouts;
    private final ManifestsDirectory manifestsDirectory;
    private final MetadataDirectory metadataDirectory;
    private final AnnotationsReader annotationsReader = new AnnotationsReader();
    private final DuplicateObjects duplicates = new DuplicateObjects(DuplicateObjects.Policy.REJECT_DIFFERING);
    private final CsvSelector csvSelector = new CsvSelector();
    private final PropertyCollector propertyCollector;
    private final DependencyReader dependencyReader = new DependencyReader();
    private final OptionalManifestResolver optionalManifests = new OptionalManifestResolver();

    /** A reader with {@link ReaderLimits#defaults()}. */
    public BundleReader() {
        this(ReaderLimits.defaults());
    }

    /** A reader with the given limits on file size, line length, strings, nesting and aliases. */
    public BundleReader(ReaderLimits limits) {
        this.loader = new SafeYamlLoader(limits);
        this.layouts = new LayoutResolver(limits.maxFileBytes());
        this.manifestsDirectory = new ManifestsDirectory(new ManifestFileReader(loader));
        this.metadataDirectory = new MetadataDirectory(loader);
        this.propertyCollector = new PropertyCollector(loader);
    }

    /**
     * Reads the bundle rooted at {@code bundleDir} (the directory holding {@code manifests/} and
     * {@code metadata/}).
     */
    public BundleReadResult read(Path bundleDir) {
        Diagnostics.Collector diagnostics = new Diagnostics.Collector();
        Optional<Bundle> bundle = readInto(bundleDir, diagnostics);
        return new BundleReadResult(diagnostics.hasErrors() ? Optional.empty() : bundle, diagnostics.toDiagnostics());
    }

    private Optional<Bundle> readInto(Path root, Diagnostics.Collector diagnostics) {
        if (!Files.isDirectory(root)) {
            diagnostics.error(SourceLocation.file(root.toString()), null, null, "not a directory");
            return Optional.empty();
        }
        ClosedTree tree;
        try {
            tree = ClosedTree.at(root, "the bundle directory");
        } catch (IOException | SecurityException e) {
            diagnostics.error(SourceLocation.file(root.toString()), null, null, "cannot be resolved: " + e.getMessage());
            return Optional.empty();
        }
        Map<String, MetadataFile> annotationsFile = Map.of();
        BundleAnnotations annotations = AnnotationsReader.defaults();
        TreeEntry annotationsEntry = tree.entry(root.resolve(LayoutResolver.ANNOTATIONS_FILE));
        if (annotationsEntry instanceof TreeEntry.RegularFile) {
            LoadResult loaded = loader.load(annotationsEntry.path(), LayoutResolver.ANNOTATIONS_FILE);
            diagnostics.addAll(loaded.diagnostics());
            if (loaded.complete()) {
                annotations = annotationsReader.read(loaded.documents(), LayoutResolver.ANNOTATIONS_FILE, diagnostics);
            }
            annotationsFile = Map.of(LayoutResolver.ANNOTATIONS_FILE,
                    new MetadataFile(LayoutResolver.ANNOTATIONS_FILE, loaded.documents()));
        } else if (!(annotationsEntry instanceof TreeEntry.Missing)) {
            // A FIFO or an outside link in its place must not pass for "no annotations".
            diagnostics.error(SourceLocation.file(LayoutResolver.ANNOTATIONS_FILE), null, null,
                    annotationsEntry instanceof TreeEntry.Refused ? ((TreeEntry.Refused) annotationsEntry).problem()
                            : "is a directory, not a regular file");
            annotationsFile = Map.of(LayoutResolver.ANNOTATIONS_FILE,
                    new MetadataFile(LayoutResolver.ANNOTATIONS_FILE, List.of()));
        }

        Layout layout = layouts.resolve(root, annotations, tree);
        if (layout instanceof Layout.Rejected) {
            diagnostics.add(((Layout.Rejected) layout).diagnostic());
            return Optional.empty();
        }
        Layout.Resolved dirs = (Layout.Resolved) layout;

        ManifestsDirectory.Contents contents = manifestsDirectory.read(dirs.manifestsDir(), dirs.manifestsName(),
                tree, diagnostics);
        List<Manifest> manifests = duplicates.distinct(contents.manifests(), diagnostics);
        Optional<Manifest> csv = csvSelector.select(manifests, dirs.manifestsName(),
                contents.unparsedFiles() + contents.invalidObjects(), diagnostics);
        List<MetadataFile> metadata = metadataDirectory.read(dirs.metadataDir(), dirs.metadataName(), annotationsFile,
                tree, diagnostics);
        if (csv.isEmpty()) {
            return Optional.empty();
        }
        List<DeclaredProperty> declared = propertyCollector.collect(metadata, csv.get(), annotations, diagnostics);
        List<OptionalManifestRef> optional = optionalManifests.resolve(declared, manifests, diagnostics);
        List<Property> properties = new ArrayList<>(declared.size());
        for (DeclaredProperty property : declared) {
            properties.add(property.property());
        }
        List<Dependency> dependencies = dependencyReader.read(metadata, declared, diagnostics);
        return Optional.of(new Bundle(root, annotations, csv.get(), manifests, properties, optional, dependencies));
    }
}
