package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.Reader;

/**
 * A {@link YAMLFactory} whose parsers of bytes and of strings (which come through a reader) are
 * {@link AnchorAwareYamlParser}s: a stock parser would let {@link TreeBuilder} read every alias as
 * a plain string.
 */
final class AnchorAwareYamlFactory extends YAMLFactory {

    private static final long serialVersionUID = 1L;

    AnchorAwareYamlFactory(YAMLFactoryBuilder builder) {
        super(builder);
    }

    @Override
    protected YAMLParser _createParser(byte[] data, int offset, int length, IOContext context) throws IOException {
        return _createParser(_createReader(data, offset, length, null, context), context);
    }

    @Override
    protected YAMLParser _createParser(Reader reader, IOContext context) {
        return new AnchorAwareYamlParser(context, _parserFeatures, _yamlParserFeatures, _loaderOptions, _objectCodec,
                reader);
    }
}
