package dev.bundlectl.executor.records;

import static dev.bundlectl.executor.testing.ScriptedServer.json;
import static dev.bundlectl.executor.testing.ScriptedServer.status;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.retry.RetryPolicy;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.ScriptedServer;
import dev.bundlectl.executor.testing.VirtualScheduler;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Install records meet 429s, 503s and the like, and get through under the one retry policy. */
class RecordStoreRetryTest {

    private static final String SECRETS = "/api/v1/namespaces/ns1/secrets";
    private static final String EMPTY_LIST = "{\"kind\":\"SecretList\",\"apiVersion\":\"v1\",\"metadata\":{},\"items\":[]}";
    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    private ScriptedServer server;
    private VirtualScheduler scheduler;
    private InstallRecordStore store;

    @BeforeEach
    void start() {
        server = ScriptedServer.start();
        scheduler = new VirtualScheduler();
        ClusterConnection connection = server.connect(Duration.ofSeconds(5));
        store = new InstallRecordStore(connection.api(RetryPolicy.of(Duration.ofMillis(250), Duration.ofSeconds(10),
                0, scheduler, Duration.ofMinutes(1))));
        // Retention lists the package's records after each save.
        server.always("GET", SECRETS, json(200, EMPTY_LIST));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static String secretJson(InstallRecord record) {
        return RecordSecrets.toSecret(record, new InstallRecordCodec().encode(record)).object().toString();
    }

    @Test
    void aSaveThatMeetsTooManyRequestsWaitsTheRetryAfterSecondsAndSucceeds() {
        InstallRecord record = TestPlans.record("ns1", T0);
        server.on("POST", SECRETS, new ScriptedServer.Respond(429, "application/json",
                        dev.bundlectl.executor.testing.Statuses.tooManyRequests(1), Map.of("Retry-After", "3")),
                json(201, secretJson(record)));

        SavedRecord saved = Await.result(store.save(record));

        assertThat(saved.name()).isEqualTo(record.name());
        assertThat(server.count("POST", SECRETS)).isEqualTo(2);
        assertThat(scheduler.sleeps()).containsExactly(Duration.ofSeconds(3));
    }

    @Test
    void aSaveThatMeetsARetryAfterDateWaitsUntilThatDateByTheServersClock() {
        InstallRecord record = TestPlans.record("ns1", T0);
        server.on("POST", SECRETS, new ScriptedServer.Respond(429, "application/json",
                        dev.bundlectl.executor.testing.Statuses.status(429, "TooManyRequests", "slow down"),
                        Map.of("Retry-After", "Wed, 21 Oct 2026 07:28:07 GMT", "Date", "Wed, 21 Oct 2026 07:28:00 GMT")),
                json(201, secretJson(record)));

        SavedRecord saved = Await.result(store.save(record));

        assertThat(saved.name()).isEqualTo(record.name());
        assertThat(server.count("POST", SECRETS)).isEqualTo(2);
        assertThat(scheduler.sleeps()).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    void aListThatMeetsServiceUnavailableIsRetriedAndListsTheRecords() {
        InstallRecord record = TestPlans.record("ns1", T0);
        server.on("GET", SECRETS, status(503, "ServiceUnavailable", "the server is currently unable to handle the request"),
                json(200, "{\"kind\":\"SecretList\",\"apiVersion\":\"v1\",\"metadata\":{},\"items\":["
                        + secretJson(record) + "]}"));

        List<RecordEntry> entries = Await.result(store.list("ns1"));

        assertThat(entries).containsExactly(new RecordEntry.Readable(record));
        assertThat(server.count("GET", SECRETS)).isEqualTo(2);
        assertThat(scheduler.sleeps()).containsExactly(Duration.ofMillis(250));
    }
}
