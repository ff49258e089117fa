package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.api.ApiResource;

/**
 * One step being executed: the prepared manifest, where it goes, and the shared environment.
 *
 * @param step the plan's step
 * @param manifest the object to send, with its namespace set for namespaced kinds
 * @param type the served resource, from discovery
 * @param namespace the namespace for a namespaced kind, else null
 * @param env the execution's shared environment
 * @param reporter where progress goes
 * @param retrier this step's retry loop
 * @param found what the preflight found of the object that lets this run leave its request out;
 *     null when nothing
 * @param listing what the step's apply does to its object's owner lists once it succeeded
 *     (docs/semantics.md §8); null when nothing (a dry run, an object the install does not own)
 */
record PreparedStep(
        Step step,
        ObjectNode manifest,
        ApiResource type,
        String namespace,
        RunEnvironment env,
        StepReporter reporter,
        Retrier retrier,
        PreflightFinding found,
        OwnerListing listing) {

    /** How the last install's apply left the object, when the preflight found it so still; else null. */
    AppliedState lastApply() {
        return found instanceof PreflightFinding.Unchanged unchanged ? unchanged.state() : null;
    }

    /** Whether the preflight's dry-run create found this create-only object already there. */
    boolean existedAtPreflight() {
        return found instanceof PreflightFinding.Existing;
    }

    String name() {
        return manifest.path("metadata").path("name").asText();
    }

    boolean optional() {
        return step.optional();
    }

    KubeApi api() {
        return env.api();
    }

    boolean dryRun() {
        return env.dryRun();
    }
}
