package dev.bundlectl.executor.records;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.errors.ApiFailure;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

/** The record store and uninstall describe fabric8 errors exactly as the executor does, on one line. */
class ClientErrorsTest {

    @Test
    void aStatusAnswerIsDescribedByItsCodeReasonMessageAndCauses() {
        Status status = new StatusBuilder().withCode(422).withReason("Invalid").withMessage("Secret \"x\" is invalid")
                .withNewDetails().withKind("secrets").addNewCause().withField("data").withMessage("too long")
                .endCause().endDetails().build();

        assertThat(ClientErrors.describe(new KubernetesClientException(status)))
                .isEqualTo("422 Invalid: Secret \"x\" is invalid (data: too long)");
    }

    @Test
    void aStatusWithoutAMessageFallsBackToTheFirstLineOfFabric8sMessage() {
        Status status = new StatusBuilder().withCode(403).withReason("Forbidden").build();
        KubernetesClientException e = new KubernetesClientException("Failure executing: GET at: https://x/api\nmore", 403,
                status);

        assertThat(ClientErrors.describe(e)).isEqualTo("403 Forbidden: Failure executing: GET at: https://x/api");
    }

    @Test
    void anErrorRaisedInsideTheClientIsDescribedByItsCause() {
        KubernetesClientException e = new KubernetesClientException("An error has occurred.",
                new ConnectException("Connection refused"));

        ApiFailure failure = ClientErrors.toApiFailure(e);

        assertThat(failure).isInstanceOf(ApiFailure.TransportError.class);
        assertThat(((ApiFailure.TransportError) failure).kind()).isEqualTo(ApiFailure.TransportError.Kind.CONNECTION_REFUSED);
        assertThat(ClientErrors.describe(e)).doesNotContain("\n");
    }
}
