package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * cert-manager: one self-signed {@code Issuer} per operator and one {@code Certificate} per
 * webhook Service, whose Secret is the one OLM would have made; cert-manager's CA injector fills
 * each {@code caBundle} from the Certificate named by {@code cert-manager.io/inject-ca-from}.
 */
final class CertManagerSupport implements CertificateSupport {

    static final String API_VERSION = "cert-manager.io/v1";
    static final String INJECT_CA_FROM = "cert-manager.io/inject-ca-from";

    @Override
    public List<RenderedObject> objects(RenderContext context, Collection<ServingEndpoint> endpoints) {
        List<RenderedObject> objects = new ArrayList<>();
        if (endpoints.isEmpty()) {
            return objects;
        }
        String issuer = issuerName(context);
        objects.add(context.namespaced(API_VERSION, "Issuer", issuer, body -> body.putObject("spec").putObject("selfSigned")));
        for (ServingEndpoint endpoint : endpoints) {
            objects.add(context.namespaced(API_VERSION, "Certificate", certificateName(endpoint), body -> {
                ObjectNode spec = body.putObject("spec");
                spec.put("secretName", endpoint.secretName());
                spec.set("dnsNames", Json.strings(endpoint.hostNames(context.operatorNamespace())));
                ObjectNode issuerRef = spec.putObject("issuerRef");
                issuerRef.put("kind", "Issuer");
                issuerRef.put("name", issuer);
            }));
        }
        return objects;
    }

    @Override
    public void annotateService(ObjectNode annotations, ServingEndpoint endpoint) {
        // cert-manager finds the Service through the Certificate's DNS names; nothing to add.
    }

    @Override
    public void annotateCaConsumer(ObjectNode annotations, ServingEndpoint endpoint, RenderContext context) {
        annotations.put(INJECT_CA_FROM, context.operatorNamespace() + "/" + certificateName(endpoint));
    }

    private static String issuerName(RenderContext context) {
        return RenderNames.fit(context.csv().baseName() + "-selfsigned", RenderNames.MAX_GENERATED);
    }

    /** Named after its Secret: one Certificate per Secret, and at most 63 characters as cert-manager's labels need. */
    private static String certificateName(ServingEndpoint endpoint) {
        return endpoint.secretName();
    }
}
