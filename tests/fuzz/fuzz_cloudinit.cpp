// SPDX-License-Identifier: Apache-2.0

// The cloud-init engine: YAML 1.1 parsing into the node tree, PyYAML's scalar resolution, the
// validator (header, schema, extra checks) and the completion path finder, all on arbitrary text.
#include "core/cloudinit/jinja.h"
#include "core/cloudinit/multipart.h"
#include "core/cloudinit/validator.h"
#include "core/cloudinit/yaml11resolver.h"
#include "core/cloudinit/yamltree.h"
#include "fuzzsupport.h"
#include "fuzztargets.h"

#include <cstddef>
#include <cstdint>

using namespace sfdesk;

namespace {

void resolveScalars(const CloudInit::YamlNode& node, int depth)
{
    // Aliases share nodes, so a document can describe a tree far larger than its text; the
    // depth bound keeps one input within libFuzzer's time limit.
    if (depth > 64)
        return;
    if (node.kind == CloudInit::YamlNode::Kind::Scalar) {
        if (node.isPlainScalar()) {
            const CloudInit::ScalarValue value = CloudInit::resolvePlainScalar(node.value);
            (void)value.pythonRepr();
            (void)value.canonicalText();
        } else if (!node.tag.isEmpty()) {
            CloudInit::ScalarValue value;
            QString error;
            if (!CloudInit::constructTaggedScalar(node.tag, node.value, &value, &error) && error.isEmpty())
                FuzzSupport::fail("constructTaggedScalar refused a scalar without an error");
        }
        return;
    }
    for (const auto& entry : node.entries) {
        if (entry.key)
            resolveScalars(*entry.key, depth + 1);
        if (entry.value)
            resolveScalars(*entry.value, depth + 1);
    }
    for (const auto& item : node.items) {
        if (item)
            resolveScalars(*item, depth + 1);
    }
}

} // namespace

void FuzzTargets::cloudinit(const uint8_t* data, size_t size)
{
    FuzzSupport::ensureApplication();
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));

    const CloudInit::YamlDocument document = CloudInit::parseYaml(bytes);
    if (document.root)
        resolveScalars(*document.root, 0);
    else if (document.error)
        (void)document.error->toString();

    const CloudInit::ValidationResult result = CloudInit::validateUserData(bytes);
    for (const CloudInit::Diagnostic& diagnostic : result.diagnostics) {
        if (diagnostic.message.isEmpty())
            FuzzSupport::fail("a diagnostic without a message");
    }

    // Multipart: what is read is written back into the same parts.
    const CloudInit::MultipartParse multipart = CloudInit::parseMultipart(bytes);
    if (multipart.ok() && !multipart.parts.isEmpty()) {
        const CloudInit::MultipartParse again =
            CloudInit::parseMultipart(CloudInit::buildMultipart(multipart.parts));
        if (!again.ok() || again.parts.size() != multipart.parts.size())
            FuzzSupport::fail("a multipart payload built from parts does not read back into them");
        for (qsizetype i = 0; i < again.parts.size(); ++i)
            if (again.parts[i].body != multipart.parts[i].body)
                FuzzSupport::fail("a part's body changed on the way through MIME");
        (void)CloudInit::mergeCloudConfigParts(multipart.parts);
    } else if (!multipart.ok() && multipart.error.isEmpty()) {
        FuzzSupport::fail("a multipart error without a message");
    }

    // Jinja: any text as a template, with the sample instance data.
    const CloudInit::JinjaRender render = CloudInit::renderJinja(
        QByteArray("## template: jinja\n" + bytes.toByteArray()), CloudInit::sampleInstanceData());
    if (render.text.size() > CloudInit::JinjaLimits::maxOutputBytes + qsizetype(size) + 4096)
        FuzzSupport::fail("Jinja output past its limit");

    // The completion path works on text that does not parse; ask at the end of the text.
    const QString text = QString::fromUtf8(bytes);
    const qsizetype lastBreak = text.lastIndexOf(u'\n');
    const int line = int(text.count(u'\n'));
    const int column = int(text.size() - lastBreak - 1);
    (void)CloudInit::keyPathAt(text, line, column);
    (void)CloudInit::keyPathAt(text, line + 1, 0);
}

#ifndef SFDESK_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzTargets::cloudinit(data, size);
    return 0;
}
#endif
