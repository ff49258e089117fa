package dev.bundlectl.crdschema;

/**
 * Where a walk over a schema is, as a field path rendered only when something is found there
 * ({@code spec.versions[0].schema.openAPIV3Schema.properties[spec].pattern}): a CRD's schema has
 * thousands of nodes, and building every node's path as text cost the catalogs' batch plan more
 * than the walks' own checks.
 *
 * @param parent the path so far, or null at the root
 * @param part this step's text, with its separator ({@code .items}, {@code [2]})
 */
record FieldTrail(FieldTrail parent, String part) {

    /** A root path, such as {@code spec.validation.openAPIV3Schema}. */
    static FieldTrail at(String root) {
        return new FieldTrail(null, root);
    }

    /** This path, then {@code .name}. */
    FieldTrail dot(String name) {
        return new FieldTrail(this, "." + name);
    }

    /** This path, then {@code [index]} (or {@code [key]}). */
    FieldTrail index(Object index) {
        return new FieldTrail(this, "[" + index + "]");
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        append(text);
        return text.toString();
    }

    private void append(StringBuilder text) {
        if (parent != null) {
            parent.append(text);
        }
        text.append(part);
    }
}
