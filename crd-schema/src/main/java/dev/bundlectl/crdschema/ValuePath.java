package dev.bundlectl.crdschema;

/**
 * Where a value sits in the object being validated, written the way Kubernetes field errors
 * write it: {@code spec.ports[0].name}. Immutable.
 */
final class ValuePath {

    private static final ValuePath ROOT = new ValuePath("");

    private final String text;

    private ValuePath(String text) {
        this.text = text;
    }

    /** The object itself. */
    static ValuePath root() {
        return ROOT;
    }

    /** A property of the value at this path. */
    ValuePath child(String name) {
        return new ValuePath(text.isEmpty() ? name : text + "." + name);
    }

    /** An element of the array at this path. */
    ValuePath index(int position) {
        return new ValuePath(text + "[" + position + "]");
    }

    /** The path as Kubernetes prints it; the object itself prints as {@code <root>}. */
    @Override
    public String toString() {
        return text.isEmpty() ? "<root>" : text;
    }
}
