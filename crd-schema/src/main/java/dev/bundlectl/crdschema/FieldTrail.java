package dev.bundlectl.crdschema;

/**
 * Where a walk over a schema is, as a field path rendered only when something is found there
 * ({@code spec.versions[0].schema.openAPIV3Schema.properties[spec].pattern}): a CRD's schema has
 * thousands of nodes, and building every node's path as text cost the catalogs' batch plan more
 * than the walks' own checks. A step holds its name as given, so taking one copies no text.
 *
 * @param parent the path so far, or null at the root
 * @param name this step's field name, index or key (the whole text at the root)
 * @param indexed whether the step is written {@code [name]} rather than {@code .name}
 */
record FieldTrail(FieldTrail parent, String name, boolean indexed) {

    /** A root path, such as {@code spec.validation.openAPIV3Schema}. */
    static FieldTrail at(String root) {
        return new FieldTrail(null, root, false);
    }

    /** This path, then {@code .name}. */
    FieldTrail dot(String field) {
        return new FieldTrail(this, field, false);
    }

    /** This path, then {@code [key]}. */
    FieldTrail index(String key) {
        return new FieldTrail(this, key, true);
    }

    /** This path, then {@code [index]}. */
    FieldTrail index(int index) {
        return new FieldTrail(this, Integer.toString(index), true);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        append(text);
        return text.toString();
    }

    private void append(StringBuilder text) {
        if (parent == null) {
            text.append(name);
            return;
        }
        parent.append(text);
        if (indexed) {
            text.append('[').append(name).append(']');
        } else {
            text.append('.').append(name);
        }
    }
}
