package dev.bundlectl.crdschema;

/**
 * Where a value sits in the object being validated, written the way Kubernetes field errors
 * write it: {@code spec.ports[0].name}. Immutable.
 */
final class FieldPath {

    private static final FieldPath ROOT = new FieldPath("");

    private final String text;

    private FieldPath(String text) {
        this.text = text;
    }

    /** The object itself. */
    static FieldPath root() {
        return ROOT;
    }

    /** A property of the value at this path. */
    FieldPath child(String name) {
        return new FieldPath(text.isEmpty() ? name : text + "." + name);
    }

    /** An element of the array at this path. */
    FieldPath index(int position) {
        return new FieldPath(text + "[" + position + "]");
    }

    /** The path as Kubernetes prints it; the object itself prints as {@code <root>}. */
    @Override
    public String toString() {
        return text.isEmpty() ? "<root>" : text;
    }
}
