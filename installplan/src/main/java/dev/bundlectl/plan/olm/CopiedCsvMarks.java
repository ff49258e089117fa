package dev.bundlectl.plan.olm;

import dev.bundlectl.bundle.Manifest;
import java.util.Optional;

/**
 * Whether OLM would take a bundle's CSV for one of its own copies, and so never install it
 * (docs/semantics.md §6, "A CSV that looks copied"). OLM copies an operator's CSV into every
 * namespace its OperatorGroup targets and marks each copy; its olm-operator skips a copy before it
 * looks at anything else ({@code syncClusterServiceVersion}, through the API's {@code IsCopied}):
 * a CSV with the annotation {@code olm.operatorNamespace} naming another namespace than its own,
 * or with the label {@code olm.copiedFrom}. A bundle whose CSV was exported from a live cluster can
 * carry the annotation; installed anywhere but the namespace it names, OLM leaves it without a
 * status for ever.
 */
public final class CopiedCsvMarks {

    /** The annotation OLM writes on a CSV: the namespace of the operator it belongs to. */
    public static final String OPERATOR_NAMESPACE = "olm.operatorNamespace";

    /** The label OLM writes on a copy: the namespace copied from. */
    public static final String COPIED_FROM = "olm.copiedFrom";

    private CopiedCsvMarks() {
    }

    /**
     * Why OLM would take {@code csv}, installed in {@code namespace}, for a copy; empty when it
     * would not.
     */
    public static Optional<String> copyReason(Manifest csv, String namespace) {
        String copiedFrom = csv.body().path("metadata").path("labels").path(COPIED_FROM).asText(null);
        if (copiedFrom != null) {
            return Optional.of(refusal(csv, "its label " + COPIED_FROM + " says it was copied from namespace \""
                    + copiedFrom + "\"", "remove the label from the bundle's CSV"));
        }
        String operatorNamespace = csv.annotation(OPERATOR_NAMESPACE);
        if (operatorNamespace != null && !operatorNamespace.equals(namespace)) {
            return Optional.of(refusal(csv, "its annotation " + OPERATOR_NAMESPACE + " names namespace \""
                    + operatorNamespace + "\", not \"" + namespace + "\"", "install it into namespace \""
                    + operatorNamespace + "\", or remove the annotation from the bundle's CSV"));
        }
        return Optional.empty();
    }

    private static String refusal(Manifest csv, String why, String remedy) {
        return "CopiedCsv: OLM would take " + csv.name() + " for a copy of another namespace's CSV and never "
                + "install it: " + why + " (" + remedy + ")";
    }
}
