package dev.bundlectl.source.catalog;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.source.errors.CatalogException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads a file-based catalog directory: every {@code .json}, {@code .yaml} and {@code .yml} file at
 * any depth, each holding any number of blobs (YAML documents, or JSON values one after another).
 * Blobs other than {@code olm.package}, {@code olm.channel} and {@code olm.bundle} are ignored, as
 * are hidden files. Symbolic links are not followed, so nothing outside the directory is read.
 */
public final class CatalogLoader {

    /** A catalog of thousands of packages is a few hundred MiB; one file this big is no catalog. */
    private static final long MAX_FILE_BYTES = 256L * 1024 * 1024;
    private static final int MAX_FILES = 100_000;
    private static final int MAX_DEPTH = 32;

    private final ObjectMapper json = new ObjectMapper();
    private final ObjectMapper yaml;

    public CatalogLoader() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit((int) Math.min(Integer.MAX_VALUE, MAX_FILE_BYTES));
        options.setMaxAliasesForCollections(50);
        YAMLFactory factory = YAMLFactory.builder().loaderOptions(options)
                .streamReadConstraints(StreamReadConstraints.builder().maxDocumentLength(MAX_FILE_BYTES).build())
                .build();
        yaml = new YAMLMapper(factory);
    }

    /** Reads the catalog at {@code directory}; a {@link CatalogException} naming file and field for a bad blob. */
    public Catalog load(Path directory) {
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            throw new CatalogException(directory + ": not a catalog directory");
        }
        Map<String, CatalogPackage> packages = new LinkedHashMap<>();
        List<CatalogChannel> channels = new ArrayList<>();
        List<CatalogBundle> bundles = new ArrayList<>();
        for (Path file : files(directory)) {
            BlobReader reader = new BlobReader(directory.relativize(file).toString());
            for (JsonNode blob : blobs(file)) {
                reader.read(blob, packages, channels, bundles);
            }
        }
        if (packages.isEmpty()) {
            throw new CatalogException(directory + ": no olm.package blob in any .json, .yaml or .yml file");
        }
        for (CatalogChannel channel : channels) {
            if (!packages.containsKey(channel.packageName())) {
                throw new CatalogException(directory + ": olm.channel " + channel.name() + ": package "
                        + channel.packageName() + " has no olm.package blob");
            }
        }
        return new Catalog(packages, channels, bundles);
    }

    private static List<Path> files(Path directory) {
        try (Stream<Path> walk = Files.walk(directory, MAX_DEPTH, new FileVisitOption[0])) {
            List<Path> files = walk
                    .filter(path -> Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS))
                    .filter(path -> !path.getFileName().toString().startsWith("."))
                    .filter(path -> isCatalogFile(path.getFileName().toString()))
                    .sorted()
                    .limit(MAX_FILES + 1L)
                    .toList();
            if (files.size() > MAX_FILES) {
                throw new CatalogException(directory + ": more than " + MAX_FILES + " catalog files");
            }
            return files;
        } catch (IOException e) {
            throw new CatalogException(directory + ": cannot be read: " + e.getMessage());
        }
    }

    private static boolean isCatalogFile(String name) {
        return name.endsWith(".json") || name.endsWith(".yaml") || name.endsWith(".yml");
    }

    private List<JsonNode> blobs(Path file) {
        try {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new CatalogException(file + ": larger than " + MAX_FILE_BYTES / (1024 * 1024) + " MiB");
            }
            ObjectMapper mapper = file.getFileName().toString().endsWith(".json") ? json : yaml;
            List<JsonNode> blobs = new ArrayList<>();
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS);
                    JsonParser parser = mapper.getFactory().createParser(in);
                    MappingIterator<JsonNode> values = mapper.readValues(parser, JsonNode.class)) {
                while (values.hasNextValue()) {
                    JsonNode blob = values.nextValue();
                    if (blob != null && !blob.isNull() && !blob.isMissingNode()) {
                        blobs.add(blob);
                    }
                }
            }
            return blobs;
        } catch (IOException | RuntimeException e) {
            if (e instanceof CatalogException catalog) {
                throw catalog;
            }
            throw new CatalogException(file + ": not valid " + (file.toString().endsWith(".json") ? "JSON" : "YAML")
                    + ": " + firstLine(e.getMessage()));
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
