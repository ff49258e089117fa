package dev.bundlectl.cli;

import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.PlanNames;
import dev.bundlectl.render.CertProvider;
import dev.bundlectl.render.InstallModeType;
import dev.bundlectl.render.RenderOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** How the CSV is installed: through OLM's API, or rendered into plain objects for clusters without OLM. */
// No method here is a command: without this, picocli reads every method's annotations at each start.
@Command(addMethodSubcommands = false)
final class RenderModeOptions {

    @Option(names = "--csv-mode", paramLabel = "CSV_MODE", defaultValue = "auto", completionCandidates = CompletionCandidates.CsvModes.class,
            description = "auto (olm when the cluster serves OLM's ClusterServiceVersion API, else render), olm "
                    + "(apply the CSV for OLM to run) or render (create the operator's ServiceAccounts, RBAC and "
                    + "Deployments directly). Default: ${DEFAULT-VALUE}.")
    String csvMode;

    @Option(names = "--install-mode", paramLabel = "INSTALL_MODE", completionCandidates = CompletionCandidates.InstallModes.class,
            description = "Render mode: AllNamespaces, OwnNamespace, SingleNamespace or MultiNamespace. Default: "
                    + "AllNamespaces when the CSV supports it, else OwnNamespace.")
    String installMode;

    @Option(names = "--watch-namespace", paramLabel = "NS", split = ",",
            description = "Render mode: the namespaces the operator watches (SingleNamespace or MultiNamespace).")
    List<String> watchNamespaces = new ArrayList<>();

    @Option(names = "--cert-provider", paramLabel = "PROVIDER", completionCandidates = CompletionCandidates.CertProviders.class,
            description = "Render mode: who issues webhook serving certificates: cert-manager or service-ca.")
    String certProvider;

    /** Whether any render-only option was given. */
    boolean renderOptionsGiven() {
        return installMode != null || !watchNamespaces.isEmpty() || certProvider != null;
    }

    CsvMode mode() {
        return CsvMode.fromWireName(csvMode).orElseThrow(() -> new UserInputException(
                "--csv-mode " + csvMode + ": expected one of " + choices(CsvMode.values())));
    }

    RenderOptions renderOptions() {
        InstallModeType mode = installMode == null ? null : InstallModeType.fromWireName(installMode)
                .orElseThrow(() -> new UserInputException(
                        "--install-mode " + installMode + ": expected one of " + choices(InstallModeType.values())));
        CertProvider provider = certProvider == null ? null : CertProvider.fromWireName(certProvider)
                .orElseThrow(() -> new UserInputException(
                        "--cert-provider " + certProvider + ": expected one of " + choices(CertProvider.values())));
        for (String namespace : watchNamespaces) {
            PlanNames.namespaceProblem(namespace).ifPresent(problem -> {
                throw new UserInputException("--watch-namespace " + namespace + ": " + problem);
            });
        }
        return new RenderOptions(mode, watchNamespaces, provider);
    }

    private static String choices(Object[] values) {
        return Arrays.stream(values).map(Object::toString).collect(Collectors.joining(", "));
    }
}
