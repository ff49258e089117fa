package dev.bundlectl.executor.real;

import dev.bundlectl.plan.planned.PlannedInstall;
import static dev.bundlectl.executor.testing.Manifests.configMap;
import static dev.bundlectl.executor.testing.Manifests.inNamespace;
import static dev.bundlectl.executor.testing.Manifests.required;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.PlanApplier;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ManagedFieldsEntry;
import io.fabric8.kubernetes.api.model.admissionregistration.v1.ValidatingWebhookConfiguration;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Server-side apply on a real kube-apiserver: what another field manager set survives a
 * re-install, a field another manager took over conflicts unless forced, and the server's
 * {@code Warning} headers reach the step.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerApplyTest {

    private static InstallPlan install(RealApiServer server, ApplySettings.Builder options, Step... steps) {
        return Await.result(new PlanApplier(server.connect())
                .start(PlannedInstall.read(Manifests.plan(steps)), options.timeout(Duration.ofSeconds(60)).build(), new RecordingListener())
                .result());
    }

    private static InstallPlan install(RealApiServer server, Step... steps) {
        return install(server, ApplySettings.builder(), steps);
    }

    /** Another controller's server-side apply, under its own field manager. */
    private static void applyAs(RealApiServer server, String manager, String yaml, boolean force) {
        var resource = server.client().resource(yaml).fieldManager(manager);
        (force ? resource.forceConflicts() : resource).serverSideApply();
    }

    @Test
    void aKeyAndAnAnnotationAnotherManagerAddedSurviveAReinstall(RealApiServer server) {
        String ns = server.newNamespace("ssa-keep");
        Step settings = inNamespace(required(configMap("settings", Map.of("level", "high")), true), ns);
        assertThat(install(server, settings).steps().get(0).status()).isEqualTo(StepStatus.CREATED);

        applyAs(server, "ca-injector", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: settings
                  namespace: %s
                  annotations:
                    injected-by: ca-injector
                data:
                  ca.crt: INJECTED
                """.formatted(ns), false);

        InstallPlan again = install(server, settings);

        assertThat(again.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
        ConfigMap live = server.client().configMaps().inNamespace(ns).withName("settings").get();
        assertThat(live.getData()).containsEntry("level", "high").containsEntry("ca.crt", "INJECTED");
        assertThat(live.getMetadata().getAnnotations()).containsEntry("injected-by", "ca-injector");
        assertThat(live.getMetadata().getManagedFields()).extracting(ManagedFieldsEntry::getManager)
                .contains("bundlectl", "ca-injector");
    }

    @Test
    void anInjectedCaBundleOnAWebhookSurvivesAReinstall(RealApiServer server) {
        String ns = server.newNamespace("ssa-webhook");
        String name = ns + "-validator";
        ObjectNode webhook = Manifests.object("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration", name);
        ObjectNode hook = webhook.putArray("webhooks").addObject().put("name", "validate.nothing.bundlectl.dev")
                .put("sideEffects", "None").put("failurePolicy", "Ignore");
        hook.putArray("admissionReviewVersions").add("v1");
        hook.putObject("clientConfig").putObject("service").put("namespace", ns).put("name", "webhook")
                .put("path", "/validate");
        // A group nothing uses, so this webhook never sits in the way of another test's writes.
        ObjectNode rule = hook.putArray("rules").addObject();
        rule.putArray("apiGroups").add("nothing.bundlectl.dev");
        rule.putArray("apiVersions").add("v1");
        rule.putArray("operations").add("CREATE");
        rule.putArray("resources").add("nothings");
        Step step = required(webhook, false);
        assertThat(install(server, step).steps().get(0).status()).isEqualTo(StepStatus.CREATED);
        String caBundle = Base64.getEncoder().encodeToString("-----BEGIN CERTIFICATE-----".getBytes(StandardCharsets.UTF_8));

        applyAs(server, "cert-manager-cainjector", """
                apiVersion: admissionregistration.k8s.io/v1
                kind: ValidatingWebhookConfiguration
                metadata:
                  name: %s
                webhooks:
                - name: validate.nothing.bundlectl.dev
                  admissionReviewVersions: ["v1"]
                  sideEffects: None
                  clientConfig:
                    caBundle: %s
                """.formatted(name, caBundle), false);

        InstallPlan again = install(server, step);

        assertThat(again.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
        ValidatingWebhookConfiguration live = server.client().admissionRegistration().v1()
                .validatingWebhookConfigurations().withName(name).get();
        assertThat(live.getWebhooks()).singleElement().satisfies(each -> {
            assertThat(each.getClientConfig().getCaBundle()).isEqualTo(caBundle);
            assertThat(each.getClientConfig().getService().getName()).isEqualTo("webhook");
        });
        server.client().admissionRegistration().v1().validatingWebhookConfigurations().withName(name).delete();
    }

    @Test
    void aFieldAnotherManagerTookOverFailsTheStepNamingItUnlessForced(RealApiServer server) {
        String ns = server.newNamespace("ssa-conflict");
        Step settings = inNamespace(required(configMap("settings", Map.of("level", "high")), true), ns);
        install(server, settings);
        applyAs(server, "kubectl-edit", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: settings
                  namespace: %s
                data:
                  level: low
                """.formatted(ns), true);

        InstallPlan refused = install(server, settings);

        Step step = refused.steps().get(0);
        assertThat(step.status()).isEqualTo(StepStatus.FAILED);
        assertThat(step.message()).contains("409").contains("kubectl-edit").contains(".data.level")
                .contains("--force-conflicts");
        assertThat(refused.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        assertThat(server.client().configMaps().inNamespace(ns).withName("settings").get().getData())
                .containsEntry("level", "low");

        InstallPlan forced = install(server, ApplySettings.builder().forceConflicts(true), settings);

        assertThat(forced.steps().get(0).status()).isEqualTo(StepStatus.PRESENT);
        assertThat(server.client().configMaps().inNamespace(ns).withName("settings").get().getData())
                .containsEntry("level", "high");
    }

    @Test
    void aDeprecatedVersionsWarningIsShownOnItsStep(RealApiServer server) {
        String ns = server.newNamespace("ssa-warning");
        ObjectNode crd = Manifests.crd("warn.bundlectl.dev", "gadgets", "Gadget", "v1", "v1beta1");
        ObjectNode beta = (ObjectNode) ((ArrayNode) crd.path("spec").path("versions")).get(1);
        beta.put("deprecated", true).put("deprecationWarning", "warn.bundlectl.dev/v1beta1 Gadget is deprecated; use v1");
        Step gadget = inNamespace(required(Manifests.object("warn.bundlectl.dev/v1beta1", "Gadget", "g"), true), ns);

        InstallPlan result = install(server, required(crd, false), gadget);

        assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        assertThat(result.steps().get(1).status()).isEqualTo(StepStatus.CREATED);
        assertThat(result.steps().get(1).message())
                .isEqualTo("created; warning: warn.bundlectl.dev/v1beta1 Gadget is deprecated; use v1");
    }
}
