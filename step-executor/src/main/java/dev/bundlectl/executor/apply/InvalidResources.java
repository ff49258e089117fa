package dev.bundlectl.executor.apply;

import java.util.ArrayList;
import java.util.List;

/**
 * The custom resources of one kind that fail the new schema: the first few in full, the rest
 * counted. Used on one context only.
 */
public final class InvalidResources {

    /** Objects named in the message; the rest are only counted. */
    static final int RESOURCES_SHOWN = 3;

    private final String kind;
    private final List<InvalidResource> shown = new ArrayList<>();
    private int count;

    InvalidResources(String kind) {
        this.kind = kind;
    }

    /** Adds the invalid objects of one page. */
    InvalidResources add(List<InvalidResource> page) {
        for (InvalidResource resource : page) {
            if (shown.size() < RESOURCES_SHOWN) {
                shown.add(resource);
            }
            count++;
        }
        return this;
    }

    /** Whether every object passed. */
    public boolean isEmpty() {
        return count == 0;
    }

    /** How many objects failed. */
    public int count() {
        return count;
    }

    /**
     * OLM's wording for each object shown, e.g. {@code error validating custom resource against
     * new schema for Cache demo/big: [spec.size: Invalid value: ...]}, joined with {@code ; },
     * then how many more there are.
     *
     * @param schemaName what the objects were validated against: {@code new schema} on an update,
     *     as OLM says, {@code the older schema} on a rollback
     */
    public String describe(String schemaName) {
        List<String> parts = new ArrayList<>();
        for (InvalidResource resource : shown) {
            parts.add("error validating custom resource against " + schemaName + " for " + kind + " " + resource.name() + ": "
                    + resource.describeErrors());
        }
        int hidden = count - shown.size();
        return String.join("; ", parts) + (hidden > 0 ? "; and " + hidden + " more invalid " + kind
                + (hidden == 1 ? " object" : " objects") : "");
    }
}
