package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.plan.model.Step;

/**
 * One object of a template: the plan's step and the object as a GitOps engine should apply it.
 *
 * @param step the step of the plan the object comes from
 * @param object the object, rendered, namespaced and labelled for the engine
 */
record TemplatedObject(Step step, ObjectNode object) {

    /** The file name {@code -o dir=} gives it: position (from 1), kind and name, lower case. */
    String fileName(int position) {
        String kind = step.resource().kind().toLowerCase(java.util.Locale.ROOT);
        String name = step.resource().name().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
        return String.format(java.util.Locale.ROOT, "%03d-%s-%s.yaml", position, kind, name);
    }
}
