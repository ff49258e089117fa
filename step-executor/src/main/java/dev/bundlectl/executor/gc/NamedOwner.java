package dev.bundlectl.executor.gc;

import dev.bundlectl.executor.ownership.InstallOwner;
import java.util.Objects;

/**
 * An owner an object names: an install its package's owner list names (or its mark, as the release
 * before wrote them), or, on an object that names none, the labels of a rendered operator.
 */
public sealed interface NamedOwner {

    /** The owner's namespace. */
    String namespace();

    /** {@code cachebox-operator in namespace team-a}, for messages. */
    String describe();

    /**
     * An install the object's owner list names ({@code owners.bundlectl.dev/<package>}), or its
     * per-install mark does ({@code <namespace>.owners.bundlectl.dev/<package>}).
     *
     * @param owner the install
     */
    record Install(InstallOwner owner) implements NamedOwner {
        public Install {
            Objects.requireNonNull(owner, "owner");
        }

        @Override
        public String namespace() {
            return owner.namespace();
        }

        @Override
        public String describe() {
            return owner.packageName() + " in namespace " + owner.namespace();
        }
    }

    /**
     * The labels bundlectl's rendering puts on an operator's objects ({@code bundlectl.dev/owner-namespace},
     * {@code bundlectl.dev/csv}), on an object no install marked (written by an earlier release).
     *
     * @param namespace the operator's namespace
     * @param csvLabel its CSV's label value, or null
     */
    record Operator(String namespace, String csvLabel) implements NamedOwner {
        public Operator {
            Objects.requireNonNull(namespace, "namespace");
        }

        @Override
        public String describe() {
            return "the operator " + (csvLabel == null ? "" : csvLabel + " ") + "in namespace " + namespace;
        }
    }
}
