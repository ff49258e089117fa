package dev.bundlectl.crdschema.upgrade;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Shares equal pieces among the {@link CrdShape}s made through it: one instance of each node's
 * keys, each schema subtree and each whole CRD shape. A catalog's versions of a package mostly
 * repeat their CRDs, wholly or subtree by subtree, so the shapes of all of them take little more
 * memory than one; and equal parts become the same object, which a comparison passes over at once.
 * Safe for several threads at once.
 */
public final class ShapeInterner {

    /** Shares nothing: each shape is made for one comparison and then dropped. */
    static final ShapeInterner NONE = new ShapeInterner(false);

    private final ConcurrentMap<Object, Object> seen;

    /** An interner whose pieces live as long as it does (a catalog check keeps one per package). */
    public ShapeInterner() {
        this(true);
    }

    private ShapeInterner(boolean shares) {
        this.seen = shares ? new ConcurrentHashMap<>() : null;
    }

    SchemaShape schema(SchemaShape schema) {
        return share(schema);
    }

    NodeShape node(NodeShape node) {
        return share(node);
    }

    CrdShape crd(CrdShape crd) {
        return share(crd);
    }

    @SuppressWarnings("unchecked")
    private <T> T share(T piece) {
        if (seen == null) {
            return piece;
        }
        Object earlier = seen.putIfAbsent(piece, piece);
        return earlier == null ? piece : (T) earlier;
    }
}
