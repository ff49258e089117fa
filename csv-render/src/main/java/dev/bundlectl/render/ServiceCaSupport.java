package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.List;

/**
 * OpenShift's service CA operator: it writes a serving certificate into the Secret named by the
 * Service's {@code service.beta.openshift.io/serving-cert-secret-name} annotation (keys
 * {@code tls.crt} and {@code tls.key}, as OLM's Secret has), and fills the {@code caBundle} of
 * every object annotated {@code service.beta.openshift.io/inject-cabundle: "true"}.
 */
final class ServiceCaSupport implements CertificateSupport {

    static final String SERVING_CERT_SECRET = "service.beta.openshift.io/serving-cert-secret-name";
    static final String INJECT_CABUNDLE = "service.beta.openshift.io/inject-cabundle";

    @Override
    public List<RenderedObject> objects(RenderContext context, Collection<ServingEndpoint> endpoints) {
        return List.of();
    }

    @Override
    public void annotateService(ObjectNode annotations, ServingEndpoint endpoint) {
        annotations.put(SERVING_CERT_SECRET, endpoint.secretName());
    }

    @Override
    public void annotateCaConsumer(ObjectNode annotations, ServingEndpoint endpoint, RenderContext context) {
        annotations.put(INJECT_CABUNDLE, "true");
    }
}
