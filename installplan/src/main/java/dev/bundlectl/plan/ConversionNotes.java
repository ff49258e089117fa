package dev.bundlectl.plan;

import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.convert.ManifestConversions;
import dev.bundlectl.plan.convert.RemovedApiVersion;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a plan shows conversions of removed API versions: each converted step's message begins
 * {@code converted from <group/version>}, a step whose conversion was refused fails with the
 * reason, the plan carries a {@code Converted} condition, and the annotation
 * {@value PlanAnnotations#CONVERTED_FROM} lists the removed versions converted.
 */
final class ConversionNotes {

    private static final String NOTE_PREFIX = "converted from ";

    private ConversionNotes() {
    }

    /**
     * The step's prediction with its conversion said: a converted step's message begins with the
     * note; a required step at a removed version that could not be converted fails (an optional one
     * is {@code NotCreated}) with the reason instead of "not found on the cluster".
     */
    static OutcomePredictor.Prediction adjust(ManifestConversions conversions, Manifest manifest, boolean optional,
            OutcomePredictor.Prediction prediction) {
        Optional<RemovedApiVersion> from = conversions.convertedFrom(manifest);
        if (from.isPresent()) {
            String note = NOTE_PREFIX + from.get().removedApiVersion();
            return new OutcomePredictor.Prediction(prediction.status(),
                    prediction.message() == null ? note : note + "; " + prediction.message());
        }
        Optional<String> refusal = conversions.refusal(manifest);
        if (refusal.isPresent() && prediction.status() == StepStatus.UNKNOWN && prediction.message() != null) {
            return new OutcomePredictor.Prediction(optional ? StepStatus.NOT_CREATED : StepStatus.FAILED,
                    refusal.get());
        }
        return prediction;
    }

    /** Whether a step's message is only a conversion note, which predicts nothing about its outcome. */
    static boolean isNoteOnly(String message) {
        return message != null && message.startsWith(NOTE_PREFIX) && !message.contains("; ");
    }

    /** The {@code Converted} condition, when anything was converted. */
    static List<PlanCondition> conditions(ManifestConversions conversions) {
        return conversions.summary()
                .map(summary -> List.of(new PlanCondition(ManifestConversions.CONDITION_TYPE, "True",
                        "RemovedApiVersions", summary, null)))
                .orElse(List.of());
    }

    /** Records the removed versions converted, when there are any. */
    static void annotate(Map<String, String> annotations, ManifestConversions conversions) {
        if (!conversions.removedApiVersions().isEmpty()) {
            annotations.put(PlanAnnotations.CONVERTED_FROM, String.join(",", conversions.removedApiVersions()));
        }
    }
}
