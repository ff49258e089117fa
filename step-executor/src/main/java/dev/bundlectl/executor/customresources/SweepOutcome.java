package dev.bundlectl.executor.customresources;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/** How deleting the custom resources of CRDs about to go ended ({@link CustomResourceSweep}). */
public sealed interface SweepOutcome {

    /** One line for the user. */
    String line();

    /**
     * Every resource is gone: the operator and the CRDs may go now.
     *
     * @param deleted how many deletions were sent
     * @param took how long they took to go, finalizers included
     */
    record Cleared(int deleted, Duration took) implements SweepOutcome {
        @Override
        public String line() {
            return deleted == 0 ? "the CRDs hold no custom resources"
                    : "all " + deleted + " custom resource" + (deleted == 1 ? " is" : "s are") + " gone, after "
                            + seconds(took);
        }
    }

    /**
     * Some resources are still there when the time was up, or could not be deleted or listed: the
     * operator and the CRDs stay, so that the operator can finish with them.
     *
     * @param stuck each resource still there, with its finalizers
     * @param problems each deletion or list that failed, with the server's answer
     * @param waited how long was waited
     */
    record Stuck(List<HeldResource> stuck, List<String> problems, Duration waited) implements SweepOutcome {
        public Stuck {
            stuck = List.copyOf(stuck);
            problems = List.copyOf(problems);
            Objects.requireNonNull(waited, "waited");
        }

        @Override
        public String line() {
            StringBuilder line = new StringBuilder();
            if (!stuck.isEmpty()) {
                line.append(stuck.size()).append(" custom resource").append(stuck.size() == 1 ? " is" : "s are")
                        .append(" still there after ").append(seconds(waited)).append(": ");
                line.append(String.join(", ", stuck.stream().map(Stuck::describe).toList()));
            }
            if (!problems.isEmpty()) {
                line.append(line.isEmpty() ? "" : "; ").append(String.join("; ", problems));
            }
            return line.toString();
        }

        private static String describe(HeldResource resource) {
            return resource.displayName() + (resource.finalizers().isEmpty() ? ""
                    : " (finalizers " + String.join(", ", resource.finalizers()) + ")");
        }
    }

    private static String seconds(Duration duration) {
        return Math.max(0, duration.toMillis()) / 100 / 10.0 + "s";
    }
}
