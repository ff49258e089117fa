package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.crdschema.SchemaValidator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;

/**
 * The {@code openAPIV3Schema} of OLM's ClusterServiceVersion CRD ({@code operators.coreos.com},
 * version {@code v1alpha1}), as a validator. The schema is operator-framework/api's, at commit
 * 3048ccd (Apache-2.0; see {@code NOTICE} beside the resource), without its description texts:
 * validation never reads them, and they made the JSON 339 KB instead of 76 KB, which every
 * {@code bundlectl plan} parsed at start-up.
 *
 * <p>Loaded on first use and once per process: the nested holder class is initialised by the JVM
 * the first time {@link #validator()} runs, and holds an immutable validator, so plans without a
 * CSV step to check never pay for it.
 */
public final class CsvSchema {

    static final String RESOURCE = "clusterserviceversion-v1alpha1-schema.json.gz";

    private CsvSchema() {
    }

    /** The validator for ClusterServiceVersions. */
    public static SchemaValidator validator() {
        return Holder.VALIDATOR;
    }

    /** The schema itself; the CRD has the status subresource, so a create cannot set status. */
    static CustomResourceSchemas.CustomResourceSchema schema() {
        return Holder.SCHEMA;
    }

    private static final class Holder {
        static final CustomResourceSchemas.CustomResourceSchema SCHEMA =
                new CustomResourceSchemas.CustomResourceSchema(load(), true);
        static final SchemaValidator VALIDATOR = SchemaValidator.of(SCHEMA.schema());

        private static JsonNode load() {
            try (InputStream gzipped = CsvSchema.class.getResourceAsStream(RESOURCE)) {
                if (gzipped == null) {
                    throw new IllegalStateException("missing resource " + RESOURCE + " beside " + CsvSchema.class);
                }
                try (InputStream json = new GZIPInputStream(gzipped)) {
                    return JsonTrees.read(json);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + RESOURCE, e);
            }
        }
    }
}
