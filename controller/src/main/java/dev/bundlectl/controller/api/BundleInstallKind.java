package dev.bundlectl.controller.api;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;

/** Names of the {@code BundleInstall} API: group, version, kind, plural, and the finalizer. */
public final class BundleInstallKind {

    /** The API group. */
    public static final String GROUP = "bundlectl.dev";
    /** The only version. */
    public static final String VERSION = "v1alpha1";
    /** The kind. */
    public static final String KIND = "BundleInstall";
    /** The resource name. */
    public static final String PLURAL = "bundleinstalls";
    /** {@code apiVersion} as written in objects. */
    public static final String API_VERSION = GROUP + "/" + VERSION;
    /** The CRD's name. */
    public static final String CRD_NAME = PLURAL + "." + GROUP;
    /**
     * Held until what the object installed has been uninstalled, so that deleting a BundleInstall
     * removes its objects even if the controller was down when the delete was requested.
     */
    public static final String FINALIZER = "bundlectl.dev/uninstall";
    /** The CRD manifest embedded in the jar (the same file as {@code deploy/crd.yaml}). */
    public static final String CRD_RESOURCE = "/dev/bundlectl/controller/crd.yaml";

    private BundleInstallKind() {
    }

    /** The context fabric8's generic client needs to reach BundleInstalls. */
    public static ResourceDefinitionContext context() {
        return new ResourceDefinitionContext.Builder().withGroup(GROUP).withVersion(VERSION).withKind(KIND)
                .withPlural(PLURAL).withNamespaced(true).build();
    }
}
