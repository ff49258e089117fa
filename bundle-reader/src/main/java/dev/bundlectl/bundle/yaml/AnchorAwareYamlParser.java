package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.Reader;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.events.ScalarEvent;

/**
 * A {@link YAMLParser} that also tells the anchor of a scalar ({@code a: &n 5}): the stock parser
 * reports anchors of mappings and sequences only, so an alias of an anchored scalar could not be
 * expanded.
 */
final class AnchorAwareYamlParser extends YAMLParser {

    AnchorAwareYamlParser(IOContext context, int parserFeatures, int formatFeatures, LoaderOptions options,
            ObjectCodec codec, Reader reader) {
        super(context, parserFeatures, formatFeatures, options, codec, reader);
    }

    /** The anchor of the scalar that produced the current value token, or null. */
    String scalarAnchor() {
        return _lastEvent instanceof ScalarEvent ? ((ScalarEvent) _lastEvent).getAnchor() : null;
    }
}
