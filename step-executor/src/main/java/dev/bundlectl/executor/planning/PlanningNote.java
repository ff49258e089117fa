package dev.bundlectl.executor.planning;

import dev.bundlectl.bundle.Diagnostics;
import java.util.Objects;

/**
 * Something planning against the cluster has to tell the user, in the order it happened. The
 * facade only collects them; the command line prints them.
 */
public sealed interface PlanningNote {

    /** Warnings, or errors that stopped planning (invalid input: nothing is applied). */
    record Diagnosed(Diagnostics diagnostics) implements PlanningNote {
        public Diagnosed {
            Objects.requireNonNull(diagnostics, "diagnostics");
        }
    }

    /** A line of information, such as where the capabilities came from. */
    record Said(String line) implements PlanningNote {
        public Said {
            Objects.requireNonNull(line, "line");
        }
    }

    /** A warning about the cluster's answers (without the {@code warning: } prefix). */
    record Warned(String warning) implements PlanningNote {
        public Warned {
            Objects.requireNonNull(warning, "warning");
        }
    }
}
