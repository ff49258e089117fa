package dev.bundlectl.cli;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A stand-in for an operator's finalizer handling, since nothing here runs the operator's Pod: a
 * thread that watches one kind of custom resource in a namespace (by listing it every 50 ms) and, for
 * each one being deleted that carries {@code finalizer}, notes what it saw of the operator and the
 * CRD at that moment, then removes the finalizer, as the operator would once it cleaned up.
 */
final class OperatorStandIn implements AutoCloseable {

    /**
     * What the stand-in saw when it removed a resource's finalizer.
     *
     * @param resource the resource's name
     * @param operatorPresent whether the operator's Deployment was still there
     * @param crdPresent whether the resource's CRD was still there and not being deleted
     */
    record Seen(String resource, boolean operatorPresent, boolean crdPresent) {
    }

    private final KubernetesClient client;
    private final ResourceDefinitionContext kind;
    private final String namespace;
    private final String finalizer;
    private final String operatorDeployment;
    private final String crdName;
    private final List<Seen> seen = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean stopped;

    private OperatorStandIn(KubernetesClient client, ResourceDefinitionContext kind, String namespace, String finalizer,
            String operatorDeployment, String crdName) {
        this.client = client;
        this.kind = kind;
        this.namespace = namespace;
        this.finalizer = finalizer;
        this.operatorDeployment = operatorDeployment;
        this.crdName = crdName;
        this.thread = new Thread(this::run, "operator-stand-in");
        this.thread.setDaemon(true);
    }

    /** Starts standing in for the operator of {@code operatorDeployment}. */
    static OperatorStandIn start(KubernetesClient client, ResourceDefinitionContext kind, String namespace,
            String finalizer, String operatorDeployment, String crdName) {
        OperatorStandIn standIn = new OperatorStandIn(client, kind, namespace, finalizer, operatorDeployment, crdName);
        standIn.thread.start();
        return standIn;
    }

    /** Each finalizer it removed, in order. */
    List<Seen> seen() {
        return List.copyOf(seen);
    }

    private void run() {
        while (!stopped) {
            try {
                for (GenericKubernetesResource resource : client.genericKubernetesResources(kind).inNamespace(namespace)
                        .list().getItems()) {
                    if (resource.getMetadata().getDeletionTimestamp() != null
                            && resource.getMetadata().getFinalizers().contains(finalizer)) {
                        release(resource);
                    }
                }
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                // The kind goes away with its CRD at the end; anything else is seen on the next round.
            }
        }
    }

    private void release(GenericKubernetesResource resource) {
        boolean operator = client.apps().deployments().inNamespace(namespace).withName(operatorDeployment).get() != null;
        var crd = client.apiextensions().v1().customResourceDefinitions().withName(crdName).get();
        boolean crdPresent = crd != null && crd.getMetadata().getDeletionTimestamp() == null;
        List<String> finalizers = new ArrayList<>(resource.getMetadata().getFinalizers());
        finalizers.remove(finalizer);
        client.genericKubernetesResources(kind).inNamespace(namespace).withName(resource.getMetadata().getName())
                .edit(live -> {
                    live.getMetadata().setFinalizers(finalizers);
                    return live;
                });
        seen.add(new Seen(resource.getMetadata().getName(), operator, crdPresent));
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join(5000);
    }
}
