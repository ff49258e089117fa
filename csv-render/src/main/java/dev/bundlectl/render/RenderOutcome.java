package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** What {@link CsvRenderer} made of a CSV: plain objects, or the reasons it cannot make them. */
public sealed interface RenderOutcome permits RenderOutcome.Rendered, RenderOutcome.Refused {

    /**
     * The CSV rendered into plain Kubernetes objects.
     *
     * @param installMode the install mode the objects are rendered for, with its namespaces
     * @param objects the objects in apply order: ServiceAccounts, RBAC, certificate objects,
     *     Services, Deployments, webhook configurations
     * @param patchedCrds bundle CRDs that a conversion webhook changes, by {@code metadata.name}:
     *     the whole new body, to apply instead of the bundle's
     */
    record Rendered(ResolvedInstallMode installMode, List<RenderedObject> objects, Map<String, ObjectNode> patchedCrds)
            implements RenderOutcome {

        public Rendered {
            Objects.requireNonNull(installMode, "installMode");
            objects = List.copyOf(objects);
            patchedCrds = Map.copyOf(patchedCrds);
        }
    }

    /**
     * The CSV cannot be rendered.
     *
     * @param problems every reason found, never empty
     */
    record Refused(List<RenderProblem> problems) implements RenderOutcome {

        public Refused {
            problems = List.copyOf(problems);
            if (problems.isEmpty()) {
                throw new IllegalArgumentException("a refusal needs a reason");
            }
        }
    }
}
