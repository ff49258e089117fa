package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.crdschema.SchemaValidator;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists every custom resource of one version in all namespaces, page by page, and validates
 * each against a schema. Compiling the schema and validating a page run on a worker thread:
 * both are CPU work that grows with the CRD and the number of objects, and must not hold up
 * the event loop. Lists are retried like any read. A 404 means the version has no objects to
 * check; an expired continue token (410) restarts the scan once from the first page, as
 * Kubernetes' own pager does.
 *
 * <p>A CRD step's update check scans through its step's retries ({@link #of}); a rollback's check
 * before anything is written (docs/semantics.md §9, "Rollbacks") scans through any reader of pages.
 */
public final class CustomResourceScan {

    /** Objects per page; the API server's own default page size for clients that page. */
    public static final int PAGE_SIZE = 500;

    /** Reads one page of the custom resources, from the first ({@code continueToken} null) on. */
    @FunctionalInterface
    public interface PageReader {
        /** The list answer of the page {@code continueToken} names, {@link CustomResourceScan#PAGE_SIZE} objects at most. */
        Future<? extends JsonNode> page(String continueToken);
    }

    private final Context context;
    private final PageReader pages;
    private final ApiResource type;
    private final JsonNode schema;
    private Future<SchemaValidator> validator;

    /**
     * @param context where the schema is compiled and pages are validated, on its worker threads
     * @param pages reads the pages of {@code type}'s objects in all namespaces
     * @param type the kind and version listed
     * @param schema the structural schema each object is validated against
     */
    public CustomResourceScan(Context context, PageReader pages, ApiResource type, JsonNode schema) {
        this.context = context;
        this.pages = pages;
        this.type = type;
        this.schema = schema;
    }

    /** A scan of a CRD step's update check, its lists retried as the step's reads are. */
    static CustomResourceScan of(PreparedStep run, ApiResource type, JsonNode schema) {
        return new CustomResourceScan(run.env().context(), continueToken -> run.retrier().read("list " + describe(type),
                () -> run.api().list(type, null, PAGE_SIZE, continueToken)), type, schema);
    }

    /** The objects that fail the schema; fails only when a list fails. */
    public Future<InvalidResources> invalidResources() {
        return page(null, new InvalidResources(type.kind()), true);
    }

    private Future<InvalidResources> page(String continueToken, InvalidResources found, boolean mayRestart) {
        return pages.page(continueToken)
                .transform(answer -> {
                    if (answer.succeeded()) {
                        JsonNode list = answer.result();
                        String next = list.path("metadata").path("continue").asText("");
                        return validate(list.path("items"))
                                .map(invalid -> found.add(invalid))
                                .compose(added -> next.isEmpty() ? Future.succeededFuture(found)
                                        : page(next, found, mayRestart));
                    }
                    if (answer.cause() instanceof ApiException api && api.isHttp(404)) {
                        return Future.succeededFuture(found);
                    }
                    if (answer.cause() instanceof ApiException api && api.isHttp(410) && continueToken != null
                            && mayRestart) {
                        return page(null, new InvalidResources(type.kind()), false);
                    }
                    return Future.failedFuture(answer.cause());
                });
    }

    /** {@code plural.group/version}, e.g. {@code caches.example.com/v1}, for messages. */
    public static String describe(ApiResource type) {
        return type.plural() + "." + type.group() + "/" + type.version();
    }

    /** The invalid objects of one page, worked out on a worker thread. */
    private Future<List<InvalidResource>> validate(JsonNode items) {
        if (items.isEmpty()) {
            return Future.succeededFuture(List.of());
        }
        if (validator == null) {
            validator = context.executeBlocking(() -> SchemaValidator.of(schema), false);
        }
        return validator.compose(compiled -> context.executeBlocking(() -> {
            List<InvalidResource> invalid = new ArrayList<>();
            for (JsonNode item : items) {
                List<FieldError> errors = compiled.validate(item);
                if (!errors.isEmpty()) {
                    invalid.add(InvalidResource.of(item, errors));
                }
            }
            return invalid;
        }, false));
    }
}
