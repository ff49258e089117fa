package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.yaml.LoadResult;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import dev.bundlectl.bundle.yaml.Syntax;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;

/**
 * Loads a schema kept as a gzipped block-style YAML resource (OLM's CRD schemas, without their
 * description texts), with the reader's own YAML parser: parsing JSON with Jackson would make every
 * plan pay for initialising {@code java.math.BigDecimal}.
 */
public final class SchemaResource {

    private SchemaResource() {
    }

    /**
     * The one document of the resource {@code name} beside {@code owner}.
     *
     * @throws IllegalStateException when it is missing or not one YAML document (a build fault)
     */
    public static JsonNode load(Class<?> owner, String name) {
        try (InputStream gzipped = owner.getResourceAsStream(name)) {
            if (gzipped == null) {
                throw new IllegalStateException("missing resource " + name + " beside " + owner);
            }
            try (InputStream yaml = new GZIPInputStream(gzipped)) {
                String text = new String(yaml.readAllBytes(), StandardCharsets.UTF_8);
                LoadResult loaded = new SafeYamlLoader(ReaderLimits.defaults()).parse(text, name, Syntax.YAML);
                if (!loaded.complete() || loaded.documents().size() != 1) {
                    throw new IllegalStateException("resource " + name + " is not one YAML document: "
                            + loaded.diagnostics().errors());
                }
                return loaded.documents().get(0).root();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }
}
