package dev.bundlectl.crdschema;

/**
 * Where a walk over a schema is, as a field path rendered only when something is found there: a
 * CRD's schema has thousands of nodes, and building every node's path as text cost the catalogs'
 * batch plan more than the walks' own checks. A step holds its name as given, so taking one copies
 * no text.
 *
 * <p>The API server names the same place two ways, and one walk ({@link CrdSchemaWalk}) needs
 * both: an unknown field with the keys of a schema map as fields
 * ({@code spec.versions[0].schema.openAPIV3Schema.properties.spec.x-descriptors}, {@link #toString()}),
 * a field error with them in brackets
 * ({@code spec.validation.openAPIV3Schema.properties[spec].pattern}, {@link #asErrorField(String)}).
 *
 * @param parent the path so far, or null at the root
 * @param name this step's field name, index or key (the whole text at the root)
 * @param step how the step is written
 */
record FieldTrail(FieldTrail parent, String name, Step step) {

    /** How a step is written after the path before it. */
    enum Step {
        /** {@code .name}. */
        FIELD,
        /** {@code [index]}. */
        INDEX,
        /** A key of a schema map such as {@code properties}: {@code .key} or {@code [key]}. */
        KEY
    }

    /** A root path, such as {@code spec.validation.openAPIV3Schema}. */
    static FieldTrail at(String root) {
        return new FieldTrail(null, root, Step.FIELD);
    }

    /** This path, then {@code .name}. */
    FieldTrail dot(String field) {
        return new FieldTrail(this, field, Step.FIELD);
    }

    /** This path, then the key of a schema map. */
    FieldTrail key(String key) {
        return new FieldTrail(this, key, Step.KEY);
    }

    /** This path, then {@code [index]}. */
    FieldTrail index(int index) {
        return new FieldTrail(this, Integer.toString(index), Step.INDEX);
    }

    /** The path as the server names an unknown field: map keys as fields. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        append(text, null, false);
        return text.toString();
    }

    /**
     * The path as a field error names it, map keys in brackets, from {@code root} instead of this
     * path's own root when it is not null: the server names a schema it keeps once for every
     * version from there.
     */
    String asErrorField(String root) {
        StringBuilder text = new StringBuilder();
        append(text, root, true);
        return text.toString();
    }

    private void append(StringBuilder text, String root, boolean keysIndexed) {
        if (parent == null) {
            text.append(root == null ? name : root);
            return;
        }
        parent.append(text, root, keysIndexed);
        if (step == Step.INDEX || step == Step.KEY && keysIndexed) {
            text.append('[').append(name).append(']');
        } else {
            text.append('.').append(name);
        }
    }
}
