package dev.bundlectl.render;

import dev.bundlectl.bundle.objects.KubernetesNames;
import java.util.List;

/**
 * What the user asked for when the CSV is rendered ({@code --install-mode},
 * {@code --watch-namespace}, {@code --cert-provider}); the install namespace comes from the plan.
 *
 * @param installMode the install mode, or null to choose: AllNamespaces when the CSV supports it,
 *     else OwnNamespace, or the mode that the watch namespaces imply (as OLM derives it from an
 *     OperatorGroup's target namespaces)
 * @param watchNamespaces the namespaces to watch; empty for AllNamespaces and OwnNamespace
 * @param certProvider who issues webhook serving certificates, or null when the user named none
 *     (rendering a CSV with webhooks is then refused)
 * @throws IllegalArgumentException when a watch namespace is not a DNS label; callers validate
 *     user input first with {@link PlanNames#namespaceProblem}
 */
public record RenderOptions(InstallModeType installMode, List<String> watchNamespaces, CertProvider certProvider) {

    /** No install mode, no watch namespace, no certificate provider. */
    public static final RenderOptions DEFAULTS = new RenderOptions(null, List.of(), null);

    public RenderOptions {
        watchNamespaces = checkedNamespaces(watchNamespaces);
    }

    /** The list copied, empty for null; throws {@link IllegalArgumentException} for a namespace that is not a DNS label. */
    static List<String> checkedNamespaces(List<String> namespaces) {
        List<String> copy = namespaces == null ? List.of() : List.copyOf(namespaces);
        for (String namespace : copy) {
            KubernetesNames.namespaceProblem(namespace).ifPresent(problem -> {
                throw new IllegalArgumentException("watch " + problem);
            });
        }
        return copy;
    }
}
