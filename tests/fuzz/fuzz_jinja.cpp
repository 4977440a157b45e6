// SPDX-License-Identifier: Apache-2.0

// The Jinja renderer of "## template: jinja" user data on any template text: every input ends with
// output, problems and a line map within JinjaLimits (never a crash, a hang or an unbounded
// result), and the validator reports it.
#include "core/cloudinit/jinja.h"
#include "core/cloudinit/validator.h"
#include "fuzzsupport.h"
#include "fuzztargets.h"

#include <QJsonArray>

#include <cstddef>
#include <cstdint>

using namespace sfdesk;

namespace {

// The sample instance data, with a list, a string and a mapping to loop over and look into.
const QJsonObject& instanceData()
{
    static const QJsonObject data = [] {
        QJsonObject object = CloudInit::sampleInstanceData();
        QJsonArray list;
        for (int i = 0; i < 100; ++i)
            list.append(i);
        object.insert(QStringLiteral("l"), list);
        object.insert(QStringLiteral("s"), QStringLiteral("abc"));
        object.insert(QStringLiteral("o"),
                      QJsonObject{{QStringLiteral("a-b"), 1}, {QStringLiteral("c"), list}});
        return object;
    }();
    return data;
}

} // namespace

void FuzzTargets::jinja(const uint8_t* data, size_t size)
{
    FuzzSupport::ensureApplication();
    const QByteArray text =
        "## template: jinja\n" + QByteArray(reinterpret_cast<const char*>(data), qsizetype(size));
    const qsizetype templateLines = text.count('\n') + 1;

    const CloudInit::JinjaRender render = CloudInit::renderJinja(text, instanceData());
    // A text node can finish past the output limit before the next step stops rendering.
    if (render.text.size() > CloudInit::JinjaLimits::maxOutputBytes + text.size() + 4096)
        FuzzSupport::fail("Jinja output past its limit");
    const qsizetype outputLines =
        render.text.isEmpty() ? 0 : render.text.count('\n') + (render.text.endsWith('\n') ? 0 : 1);
    if (render.lineMap.size() != outputLines)
        FuzzSupport::fail("the line map does not have one entry per output line");
    for (const int line : render.lineMap)
        if (line < 0 || line >= templateLines)
            FuzzSupport::fail("an output line mapped outside the template");
    qsizetype undefined = 0;
    for (const CloudInit::JinjaProblem& problem : render.problems) {
        if (problem.message.isEmpty())
            FuzzSupport::fail("a Jinja problem without a message");
        if (problem.line < 0 || problem.line >= templateLines || problem.column < 0)
            FuzzSupport::fail("a Jinja problem outside the template");
        if (problem.kind == CloudInit::JinjaProblem::Kind::Undefined)
            ++undefined;
    }
    if (undefined > CloudInit::JinjaLimits::maxUndefinedReported + 1)
        FuzzSupport::fail("more undefined variables reported than the limit");

    const CloudInit::ValidationResult result = CloudInit::validateUserData(text);
    for (const CloudInit::Diagnostic& diagnostic : result.diagnostics)
        if (diagnostic.message.isEmpty())
            FuzzSupport::fail("a diagnostic without a message");
}

#ifndef SFDESK_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzTargets::jinja(data, size);
    return 0;
}
#endif
