package dev.bundlectl.executor.adopt;

import java.util.Objects;

/** What reading a package's OLM install found ({@link OlmInstallReader}). */
public sealed interface OlmReading {

    /** OLM installed the package, and this is what it installed. */
    record Found(OlmInstall install) implements OlmReading {
        public Found {
            Objects.requireNonNull(install, "install");
        }
    }

    /**
     * Nothing to adopt: the cluster does not serve OLM's Subscriptions, or no Subscription of the
     * package is in the namespace; {@code why} says which, and what the namespace has instead.
     */
    record Missing(String why) implements OlmReading {
        public Missing {
            Objects.requireNonNull(why, "why");
        }
    }

    /**
     * OLM's install cannot be taken over as it stands ({@link Refusal}); nothing was written.
     */
    record Refused(Refusal refusal) implements OlmReading {
        public Refused {
            Objects.requireNonNull(refusal, "refusal");
        }
    }
}
