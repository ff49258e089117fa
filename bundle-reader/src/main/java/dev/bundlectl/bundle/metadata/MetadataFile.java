package dev.bundlectl.bundle.metadata;

import dev.bundlectl.bundle.yaml.LoadedDocument;
import java.util.List;

/**
 * One parsed file of the metadata directory.
 *
 * @param path the file's path relative to the bundle root
 * @param documents its parsed documents
 */
public record MetadataFile(String path, List<LoadedDocument> documents) {

    public MetadataFile {
        documents = List.copyOf(documents);
    }
}
