package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.List;

/**
 * What a certificate provider adds to a rendered operator's webhooks, standing in for the CA and
 * serving certificates that OLM generates itself: objects of its own, an annotation on each
 * webhook Service, and an annotation on each object whose {@code caBundle} it must fill (webhook
 * configurations, CRDs with a conversion webhook).
 */
sealed interface CertificateSupport permits CertManagerSupport, ServiceCaSupport {

    /** The support for this provider. */
    static CertificateSupport of(CertProvider provider) {
        switch (provider) {
            case CERT_MANAGER:
                return new CertManagerSupport();
            case SERVICE_CA:
                return new ServiceCaSupport();
            default:
                throw new IllegalStateException("unknown certificate provider " + provider);
        }
    }

    /** Objects the provider needs, in apply order (issuers before certificates). */
    List<RenderedObject> objects(RenderContext context, Collection<ServingEndpoint> endpoints);

    /** Adds what the provider needs to a webhook Service's {@code metadata.annotations}. */
    void annotateService(ObjectNode annotations, ServingEndpoint endpoint);

    /** Adds the annotation that makes the provider fill this object's {@code caBundle}. */
    void annotateCaConsumer(ObjectNode annotations, ServingEndpoint endpoint, RenderContext context);
}
