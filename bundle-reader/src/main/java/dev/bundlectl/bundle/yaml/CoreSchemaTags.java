package dev.bundlectl.bundle.yaml;

import java.util.Set;

/**
 * The YAML tags a Kubernetes manifest may carry: those of the YAML core schema, and
 * {@code !!merge} on a merge key {@code <<} (which the reader expands). Any other tag
 * asks the loader for something it does not do, and jackson-dataformat-yaml would drop it
 * silently: {@code !!python/object/apply:os.system [...]} would become a plain list,
 * {@code !!binary} would keep its base64 text, {@code !!set} would pass for a mapping. So such a
 * tag is refused, naming it, rather than read as something the author did not write.
 */
final class CoreSchemaTags {

    private static final String YAML_ORG = "tag:yaml.org,2002:";

    private static final Set<String> ALLOWED = Set.of(
            // YAML's non-specific tag: "read this as a string (or plain mapping or sequence)".
            "!",
            YAML_ORG + "str",
            YAML_ORG + "int",
            YAML_ORG + "float",
            YAML_ORG + "bool",
            YAML_ORG + "null",
            YAML_ORG + "map",
            YAML_ORG + "seq");

    private CoreSchemaTags() {
    }

    /** {@code !!merge}: YAML 1.1's tag of the merge key, which the reader implements. */
    private static final String MERGE = YAML_ORG + "merge";

    /**
     * Whether {@code tag} may be read.
     *
     * @param tag the tag as SnakeYAML resolved it, or null for an untagged node
     * @param onMergeKey whether the node is the key {@code <<}, which may be tagged {@code !!merge}
     */
    static boolean allows(String tag, boolean onMergeKey) {
        return tag == null || ALLOWED.contains(tag) || (onMergeKey && MERGE.equals(tag));
    }

    /** The tag as its author most likely wrote it: {@code !!binary} rather than its resolved form. */
    static String shorthand(String tag) {
        return tag.startsWith(YAML_ORG) ? "!!" + tag.substring(YAML_ORG.length()) : tag;
    }
}
