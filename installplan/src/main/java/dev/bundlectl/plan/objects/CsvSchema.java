package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.SchemaValidator;

/**
 * The {@code openAPIV3Schema} of OLM's ClusterServiceVersion CRD ({@code operators.coreos.com},
 * version {@code v1alpha1}), as a validator. The schema is operator-framework/api's, at commit
 * 3048ccd (Apache-2.0; see {@code NOTICE} beside the resource), without its description texts:
 * validation never reads them, and they made the JSON 339 KB instead of 76 KB, which every
 * {@code bundlectl plan} parsed at start-up. It is stored as block-style YAML for the reader's own
 * parser: parsing JSON with Jackson would initialise {@code java.math.BigDecimal} in every plan,
 * which JDK 25 takes 10-20 ms to do.
 *
 * <p>Loaded on first use and once per process: the nested holder class is initialised by the JVM
 * the first time {@link #validator()} runs, and holds an immutable validator, so plans without a
 * CSV step to check never pay for it.
 */
public final class CsvSchema {

    static final String RESOURCE = "clusterserviceversion-v1alpha1-schema.yaml.gz";

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
            return SchemaResource.load(CsvSchema.class, RESOURCE);
        }
    }
}
