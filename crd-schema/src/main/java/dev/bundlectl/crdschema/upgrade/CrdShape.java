package dev.bundlectl.crdschema.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.CrdVersion;
import dev.bundlectl.crdschema.CrdVersions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the upgrade checks compare of a CustomResourceDefinition: its name and scope, the versions
 * objects are stored in, its versions, and each version's {@link SchemaShape}. Descriptions and
 * everything else no check reads are left behind, so a shape is a fraction of the CRD's size.
 *
 * <p>The stored versions are the live CRD's {@code status.storedVersions}. A CRD read from a bundle
 * has no status: its {@code storage} version stands for them, the one version that certainly holds
 * objects once that bundle was installed (docs/semantics.md §9).
 */
public final class CrdShape {

    private final String name;
    private final String scope;
    private final List<String> storedVersions;
    private final List<String> versions;
    private final Map<String, SchemaShape> schemas;
    private final int hash;

    private CrdShape(String name, String scope, List<String> storedVersions, List<String> versions,
            Map<String, SchemaShape> schemas) {
        this.name = name;
        this.scope = scope;
        this.storedVersions = List.copyOf(storedVersions);
        this.versions = List.copyOf(versions);
        this.schemas = Collections.unmodifiableMap(schemas);
        this.hash = Objects.hash(name, scope, storedVersions, versions, schemas);
    }

    /** The shape of {@code crd} (either CRD API version), made for one comparison. */
    public static CrdShape of(JsonNode crd) {
        return of(crd, ShapeInterner.NONE);
    }

    /** The shape of {@code crd}, its pieces shared with the other shapes {@code interner} made. */
    public static CrdShape of(JsonNode crd, ShapeInterner interner) {
        JsonNode spec = crd.path("spec");
        List<String> versions = new ArrayList<>();
        List<String> storage = new ArrayList<>();
        Map<String, SchemaShape> schemas = new LinkedHashMap<>();
        for (CrdVersion version : CrdVersions.of(crd)) {
            versions.add(version.name());
            if (version.storage()) {
                storage.add(version.name());
            }
            if (version.hasSchema()) {
                schemas.put(version.name(), SchemaShape.of(version.schema(), interner));
            }
        }
        List<String> stored = new ArrayList<>();
        for (JsonNode version : crd.path("status").path("storedVersions")) {
            stored.add(version.asText());
        }
        // The API server makes a CRD without a scope (v1beta1 only) namespaced.
        String scope = spec.path("scope").asText("");
        return interner.crd(new CrdShape(crd.path("metadata").path("name").asText(""),
                scope.isEmpty() ? "Namespaced" : scope, stored.isEmpty() ? storage : stored, versions, schemas));
    }

    /** The CRD's name. */
    public String name() {
        return name;
    }

    String scope() {
        return scope;
    }

    /** The versions objects are stored in: the live status's, or the storage version. */
    List<String> storedVersions() {
        return storedVersions;
    }

    /** Every version the CRD declares, in its order. */
    List<String> versions() {
        return versions;
    }

    /** The versions that have a schema, each with its shape, in the CRD's order. */
    Map<String, SchemaShape> schemas() {
        return schemas;
    }

    @Override
    public boolean equals(Object other) {
        return other == this || other instanceof CrdShape shape && hash == shape.hash && name.equals(shape.name)
                && scope.equals(shape.scope) && storedVersions.equals(shape.storedVersions)
                && versions.equals(shape.versions) && schemas.equals(shape.schemas);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
