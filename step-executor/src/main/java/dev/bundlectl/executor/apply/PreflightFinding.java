package dev.bundlectl.executor.apply;

import dev.bundlectl.executor.records.AppliedState;
import java.util.Objects;

/**
 * What a preflight's dry run found of a step's object that lets the real run leave the step's
 * request out, since sending it would change nothing (docs/semantics.md §3, "Nothing is sent that
 * would change nothing"). The caller of the real run vouches that the finding still holds: the dry
 * run answered moments before.
 */
public sealed interface PreflightFinding {

    /**
     * A server-side applied object nobody has written since the last install's apply left it in
     * {@code state}; the same body again would be a no-op.
     */
    record Unchanged(AppliedState state) implements PreflightFinding {
        public Unchanged {
            Objects.requireNonNull(state, "state");
        }
    }

    /**
     * A create-only object (a CSV, an object marked create-only) whose dry-run create found it
     * already there: the real run leaves it alone, as its create would have.
     */
    record Existing() implements PreflightFinding {
    }
}
