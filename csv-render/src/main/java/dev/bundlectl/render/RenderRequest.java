package dev.bundlectl.render;

import dev.bundlectl.bundle.objects.KubernetesNames;
import java.util.List;
import java.util.Objects;

/**
 * The input of {@link CsvRenderer} besides the CSV and the bundle's other manifests.
 *
 * @param operatorNamespace the namespace the operator is installed in (the plan's namespace)
 * @param installMode the requested install mode, or null to choose one (see {@link RenderOptions})
 * @param targetNamespaces the namespaces to watch, as given; empty for AllNamespaces and OwnNamespace
 * @param certProvider who issues webhook serving certificates, or null
 * @throws IllegalArgumentException when a namespace is not a DNS label
 */
public record RenderRequest(String operatorNamespace, InstallModeType installMode, List<String> targetNamespaces,
        CertProvider certProvider) {

    public RenderRequest {
        KubernetesNames.namespaceProblem(operatorNamespace).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        targetNamespaces = RenderOptions.checkedNamespaces(targetNamespaces);
    }

    /** The request for an operator installed in {@code operatorNamespace} with these options. */
    public static RenderRequest of(String operatorNamespace, RenderOptions options) {
        RenderOptions given = Objects.requireNonNullElse(options, RenderOptions.DEFAULTS);
        return new RenderRequest(operatorNamespace, given.installMode(), given.watchNamespaces(), given.certProvider());
    }
}
