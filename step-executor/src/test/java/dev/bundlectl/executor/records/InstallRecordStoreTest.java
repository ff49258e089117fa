package dev.bundlectl.executor.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class InstallRecordStoreTest {

    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    KubernetesMockServer server;
    KubernetesClient client;

    private ClusterConnection connection;
    private InstallRecordStore store;

    @BeforeEach
    void setUp() {
        connection = ClusterConnection.connect(new ConfigBuilder(client.getConfiguration()).build(),
                Duration.ofSeconds(10));
        store = new InstallRecordStore(connection.retryingApi());
    }

    @AfterEach
    void tearDown() {
        connection.close();
    }

    @Test
    void savedRecordIsATypedLabelledSecretAndReadsBack() throws Exception {
        InstallRecord record = TestPlans.record("ns1", T0);

        SavedRecord saved = await(store.save(record));

        assertThat(saved.name()).isEqualTo("bundlectl.widget-operator.20250301-100000-000").isEqualTo(record.name());
        Secret secret = client.secrets().inNamespace("ns1").withName(record.name()).get();
        assertThat(secret.getType()).isEqualTo("bundlectl.dev/install-record");
        assertThat(secret.getMetadata().getLabels()).containsExactlyInAnyOrderEntriesOf(Map.of(
                "app.kubernetes.io/managed-by", "bundlectl",
                "bundlectl.dev/package", "widget-operator",
                "bundlectl.dev/install", record.name()));
        assertThat(secret.getMetadata().getAnnotations())
                .containsEntry("bundlectl.dev/start-time", "2025-03-01T10:00:00Z")
                .containsEntry("bundlectl.dev/csv", TestPlans.CSV)
                .containsEntry("bundlectl.dev/phase", "Complete");
        assertThat(secret.getData()).containsOnlyKeys("record.json.gz");
        assertThat(Base64.getDecoder().decode(secret.getData().get("record.json.gz"))).hasSize(saved.storedBytes());

        assertThat(await(store.get("ns1", record.name()))).contains(record);
    }

    @Test
    void savingTheSameRunAgainUpdatesItsRecord() throws Exception {
        InstallRecord running = TestPlans.running("ns1", T0);
        InstallRecord finished = TestPlans.record("ns1", T0);
        await(store.save(running));

        await(store.save(finished));

        assertThat(await(store.get("ns1", finished.name()))).contains(finished);
        assertThat(await(store.list("ns1"))).hasSize(1);
    }

    @Test
    void aForeignSecretWithTheRecordNameIsNotOverwritten() throws Exception {
        InstallRecord record = TestPlans.record("ns1", T0);
        client.secrets().inNamespace("ns1").resource(new SecretBuilder().withNewMetadata().withName(record.name())
                .endMetadata().withType("Opaque").addToStringData("keep", "me").build()).create();

        assertThatThrownBy(() -> await(store.save(record)))
                .isInstanceOf(RecordStoreException.class)
                .hasMessage("Secret ns1/" + record.name() + " already exists and is not an install record of package"
                        + " widget-operator; it was not overwritten");
        assertThat(client.secrets().inNamespace("ns1").withName(record.name()).get().getType()).isEqualTo("Opaque");
    }

    @Test
    void getOfAMissingRecordIsEmpty() throws Exception {
        assertThat(await(store.get("ns1", "bundlectl.nothing.20250101-000000-000"))).isEmpty();
    }

    @Test
    void listIsNewestFirstAndCanSpanNamespaces() throws Exception {
        await(store.save(TestPlans.record("ns1", T0)));
        await(store.save(TestPlans.record("ns1", T0.plusSeconds(60))));
        await(store.save(TestPlans.record("ns2", T0.plusSeconds(30))));

        assertThat(await(store.list("ns1"))).extracting(RecordEntry::startTime)
                .containsExactly(T0.plusSeconds(60), T0);
        assertThat(await(store.list(null))).extracting(RecordEntry::namespace, RecordEntry::startTime)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("ns1", T0.plusSeconds(60)),
                        org.assertj.core.groups.Tuple.tuple("ns2", T0.plusSeconds(30)),
                        org.assertj.core.groups.Tuple.tuple("ns1", T0));
    }

    @Test
    void listingAllNamespacesWithoutPermissionSaysSo() {
        server.expect().get().withPath("/api/v1/secrets?limit=250&labelSelector=app.kubernetes.io%2Fmanaged-by%3Dbundlectl")
                .andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden")
                        .withMessage("secrets is forbidden: User \"dev\" cannot list resource \"secrets\" at the cluster scope")
                        .build())
                .always();

        assertThatThrownBy(() -> await(store.list(null)))
                .isInstanceOf(RecordStoreException.class)
                .hasMessageStartingWith("listing install records in all namespaces is forbidden (403 Forbidden: secrets"
                        + " is forbidden")
                .hasMessageEndingWith("list the records of one namespace instead");
    }

    @Test
    void latestForPicksTheNewestOfThatPackageOnly() throws Exception {
        await(store.save(TestPlans.record("ns1", T0.plusSeconds(120))));
        await(store.save(TestPlans.record("ns1", T0.plusSeconds(240))));
        await(store.save(TestPlans.record("ns1", T0)));
        InstallRecord otherPackage = InstallRecord.fromPlan(TestPlans.plan("ns1", List.of(), InstallPlanPhase.COMPLETE),
                new RecordOrigin("ns1", "other-operator", null, null, false, T0.plusSeconds(999)), List.of(), List.of());
        await(store.save(otherPackage));

        Optional<InstallRecord> latest = await(store.latestFor("ns1", TestPlans.PACKAGE));

        assertThat(latest).map(InstallRecord::startTime).contains(T0.plusSeconds(240));
        assertThat(await(store.latestFor("ns2", TestPlans.PACKAGE))).isEmpty();
    }

    @Test
    void retentionKeepsTheNewestTenOfAPackage() throws Exception {
        InstallRecord otherPackage = InstallRecord.fromPlan(TestPlans.plan("ns1", List.of(), InstallPlanPhase.COMPLETE),
                new RecordOrigin("ns1", "other-operator", null, null, false, T0.minusSeconds(3600)), List.of(), List.of());
        await(store.save(otherPackage));
        List<String> pruned = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            pruned.addAll(await(store.save(TestPlans.record("ns1", T0.plusSeconds(60L * i)))).pruned());
        }

        assertThat(pruned).containsExactly(RecordNames.recordName(TestPlans.PACKAGE, T0),
                RecordNames.recordName(TestPlans.PACKAGE, T0.plusSeconds(60)));
        List<RecordEntry> left = await(store.list("ns1"));
        List<Instant> newestTen = new ArrayList<>();
        for (int i = 11; i >= 2; i--) {
            newestTen.add(T0.plusSeconds(60L * i));
        }
        assertThat(left).filteredOn(e -> e.name().contains(TestPlans.PACKAGE))
                .extracting(RecordEntry::startTime)
                .containsExactlyElementsOf(newestTen);
        assertThat(left).extracting(RecordEntry::name).contains(otherPackage.name());
    }

    @Test
    void retentionIsConfigurable() throws Exception {
        InstallRecordStore keepTwo = new InstallRecordStore(connection.retryingApi(), 2, new InstallRecordCodec());
        for (int i = 0; i < 4; i++) {
            await(keepTwo.save(TestPlans.record("ns1", T0.plusSeconds(i))));
        }

        assertThat(await(keepTwo.list("ns1"))).extracting(RecordEntry::startTime)
                .containsExactly(T0.plusSeconds(3), T0.plusSeconds(2));
    }

    @Test
    void aCorruptedRecordIsAClearErrorOnGetAndAnEntryInTheList() throws Exception {
        InstallRecord good = TestPlans.record("ns1", T0);
        await(store.save(good));
        String corrupted = RecordNames.recordName(TestPlans.PACKAGE, T0.plusSeconds(5));
        client.secrets().inNamespace("ns1").resource(recordSecret(corrupted, T0.plusSeconds(5), Map.of("record.json.gz",
                Base64.getEncoder().encodeToString("not gzip at all".getBytes())))).create();

        assertThatThrownBy(() -> await(store.get("ns1", corrupted)))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith("Secret ns1/" + corrupted + ": the record is not gzip data");
        List<RecordEntry> entries = await(store.list("ns1"));
        assertThat(entries).hasSize(2);
        assertThat(entries.get(0)).isInstanceOfSatisfying(RecordEntry.Unreadable.class, unreadable -> {
            assertThat(unreadable.name()).isEqualTo(corrupted);
            assertThat(unreadable.startTime()).isEqualTo(T0.plusSeconds(5));
            assertThat(unreadable.error()).hasMessageStartingWith("Secret ns1/" + corrupted);
        });
        assertThat(entries.get(1)).isEqualTo(new RecordEntry.Readable(good));
        assertThatThrownBy(() -> await(store.latestFor("ns1", TestPlans.PACKAGE)))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageStartingWith("Secret ns1/" + corrupted + ": ");
    }

    @Test
    void aSecretThatIsNotARecordIsNamedAsSuch() throws Exception {
        client.secrets().inNamespace("ns1").resource(new SecretBuilder().withNewMetadata().withName("db-password")
                .endMetadata().withType("Opaque").addToStringData("password", "hunter2").build()).create();
        String missingData = RecordNames.recordName(TestPlans.PACKAGE, T0);
        client.secrets().inNamespace("ns1").resource(recordSecret(missingData, T0, Map.of())).create();

        assertThatThrownBy(() -> await(store.get("ns1", "db-password")))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessage("Secret ns1/db-password: not a bundlectl install record: its type is \"Opaque\", not"
                        + " \"bundlectl.dev/install-record\"")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> await(store.get("ns1", missingData)))
                .hasMessage("Secret ns1/" + missingData + ": data key record.json.gz is missing");
        assertThatThrownBy(() -> await(store.delete("ns1", "db-password")))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessageEndingWith("not deleted");
        assertThat(client.secrets().inNamespace("ns1").withName("db-password").get()).isNotNull();
    }

    @Test
    void aRecordCopiedToAnotherNameIsNotTrusted() throws Exception {
        InstallRecord record = TestPlans.record("ns1", T0);
        await(store.save(record));
        Secret original = client.secrets().inNamespace("ns1").withName(record.name()).get();
        client.secrets().inNamespace("ns1").resource(recordSecret("bundlectl.copy", T0, original.getData())).create();

        assertThatThrownBy(() -> await(store.get("ns1", "bundlectl.copy")))
                .isInstanceOf(InvalidRecordException.class)
                .hasMessage("Secret ns1/bundlectl.copy: the record inside is ns1/" + record.name()
                        + "; it was copied from another Secret and is not trusted");
    }

    @Test
    void deleteRemovesARecordAndReportsWhetherItExisted() throws Exception {
        InstallRecord record = TestPlans.record("ns1", T0);
        await(store.save(record));

        assertThat(await(store.delete("ns1", record.name()))).isTrue();
        assertThat(await(store.delete("ns1", record.name()))).isFalse();
        assertThat(await(store.get("ns1", record.name()))).isEmpty();
    }

    @Test
    void aPackageNameThatIsNotAValidLabelStillFindsItsRecords() throws Exception {
        String odd = "Weird_Package.Name-" + "x".repeat(80);
        InstallRecord record = InstallRecord.fromPlan(TestPlans.plan("ns1",
                        List.of(TestPlans.step("", "v1", "ConfigMap", "ns1", "c", StepStatus.CREATED)),
                        InstallPlanPhase.COMPLETE),
                new RecordOrigin("ns1", odd, null, null, false, T0), List.of(), List.of());

        await(store.save(record));

        assertThat(await(store.latestFor("ns1", odd))).contains(record);
        assertThat(await(store.latestFor("ns1", "weird-package.name-" + "x".repeat(80)))).isEmpty();
    }

    private static Secret recordSecret(String name, Instant startTime, Map<String, String> data) {
        return new SecretBuilder().withNewMetadata().withName(name)
                .addToAnnotations("bundlectl.dev/start-time", startTime.toString())
                .addToLabels("app.kubernetes.io/managed-by", "bundlectl")
                .addToLabels("bundlectl.dev/package", TestPlans.PACKAGE)
                .addToAnnotations("bundlectl.dev/package-name", TestPlans.PACKAGE)
                .endMetadata()
                .withType("bundlectl.dev/install-record")
                .withData(data)
                .build();
    }

    /** Waits for a future and rethrows its failure unwrapped, as callers see it. */
    static <T> T await(Future<T> future) throws Exception {
        try {
            return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }
}
