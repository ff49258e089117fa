package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * Every Jackson mapper bundlectl's main code uses, configured in one place. Each has one job,
 * named by its constant; the output of each is pinned by golden files, so a change here is a
 * change of output.
 *
 * <p>Each mapper is built on first use, in a holder class of its own: a command uses two or three
 * of the seven, and building a mapper in a fresh JVM loads and runs a good part of Jackson (all
 * seven at once were a quarter of {@code bundlectl plan}'s start-up; bench/README.md).
 *
 * <p>A mapper is safe to share between threads once configured, and these are never
 * reconfigured: callers must not call {@code configure}, {@code enable}, {@code registerModule}
 * or the like on them (take {@link ObjectMapper#copy()} for a variant instead).
 */
public final class Mappers {

    /**
     * Jackson's defaults: compact JSON in declaration order, unknown properties refused. For a
     * step's manifest, API request and answer bodies, and small JSON values in annotations.
     */
    public static ObjectMapper json() {
        return Json.MAPPER;
    }

    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /** Jackson's YAML defaults, for tools (benchmarks) that write or read plain YAML. */
    public static ObjectMapper yaml() {
        return Yaml.MAPPER;
    }

    private static final class Yaml {
        static final ObjectMapper MAPPER = new YAMLMapper();
    }

    /**
     * InstallPlan documents as YAML: keys sorted, quotes only where needed, numbers in strings
     * quoted, long lines kept whole, unknown properties ignored. Built on {@link SafeYaml}'s
     * factory so that reading a plan accepts the same sizes and refuses duplicate keys as
     * {@link SafeYaml} does.
     */
    public static ObjectMapper planYaml() {
        return PlanYaml.MAPPER;
    }

    private static final class PlanYaml {
        static final ObjectMapper MAPPER = YAMLMapper.builder(SafeYaml.yamlFactoryBuilder().build())
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                .disable(YAMLGenerator.Feature.SPLIT_LINES)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }

    /** InstallPlan documents as JSON: indented, keys sorted, unknown properties ignored, {@link SafeYaml}'s limits. */
    public static ObjectMapper planJson() {
        return PlanJson.MAPPER;
    }

    private static final class PlanJson {
        static final ObjectMapper MAPPER = JsonMapper.builder(SafeYaml.jsonFactoryBuilder().build())
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }

    /**
     * Install records as stored: compact JSON, times as RFC 3339 text, null fields left out, and
     * fields that later versions add within the same format ignored rather than fatal.
     */
    public static ObjectMapper recordJson() {
        return RecordJson.MAPPER;
    }

    private static final class RecordJson {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                .build();
    }

    /** Documents printed for people ({@code status -o json}): indented, times and durations as text. */
    public static ObjectMapper reportJson() {
        return ReportJson.MAPPER;
    }

    private static final class ReportJson {
        static final ObjectMapper MAPPER = forReports(new ObjectMapper());
    }

    /** The same as {@link #REPORT_JSON}, as YAML with Jackson's YAML defaults. */
    public static ObjectMapper reportYaml() {
        return ReportYaml.MAPPER;
    }

    private static final class ReportYaml {
        static final ObjectMapper MAPPER = forReports(new YAMLMapper());
    }

    private Mappers() {
    }

    private static ObjectMapper forReports(ObjectMapper mapper) {
        return mapper.registerModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .disable(SerializationFeature.WRITE_DURATIONS_AS_TIMESTAMPS)
                .enable(SerializationFeature.INDENT_OUTPUT);
    }
}
