// SPDX-License-Identifier: Apache-2.0

// The client's JSON parsers: any response body goes through the decoder (JsonTape) and every
// parser of the preview API, the list envelope and the schedule reader. Bad input must give an
// error, never a crash, and a parser must never fail without saying why. What the decoder accepts,
// QJsonDocument accepts too, with the same values.
#include "core/api/jsontape.h"
#include "core/api/resourcejson.h"
#include "fuzzsupport.h"
#include "fuzztargets.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>

using namespace sfdesk;

namespace {

template <typename T> void parseWith(ItemParser<T> parser, const JsonNode& object)
{
    QString error;
    if (!parser(object, &error) && error.isEmpty())
        FuzzSupport::fail("a parser refused an object without an error");
}

template <typename T> void parseList(ItemParser<T> parser, const JsonNode& data)
{
    QString error;
    if (!parseItems<T>(data, parser, &error) && error.isEmpty())
        FuzzSupport::fail("parseItems refused a list without an error");
}

void parseObject(const JsonNode& object)
{
    parseWith<Account>(parseAccount, object);
    parseWith<Workspace>(parseWorkspace, object);
    parseWith<FeatureFlag>(parseFeatureFlag, object);
    parseWith<InstanceSku>(parseInstanceSku, object);
    parseWith<SkuAvailability>(parseSkuAvailability, object);
    parseWith<Instance>(parseInstance, object);
    parseWith<Pool>(parsePool, object);
    parseWith<Order>(parseOrder, object);
    parseWith<Image>(parseImage, object);
    parseWith<OrderbookQuote>(parseOrderbookQuote, object);
    parseWith<OrderbookWindow>(parseOrderbookWindow, object);
    parseWith<OrderPreview>(parseOrderPreview, object);

    QString error;
    const std::optional<ListEnvelope> list = parseListEnvelope(object, &error);
    if (!list) {
        if (error.isEmpty())
            FuzzSupport::fail("parseListEnvelope refused an object without an error");
        return;
    }
    parseList<Instance>(parseInstance, list->data);
    parseList<Pool>(parsePool, list->data);
    parseList<Order>(parseOrder, list->data);
    parseList<Workspace>(parseWorkspace, list->data);
    parseList<Image>(parseImage, list->data);
}

} // namespace

void FuzzTargets::resourcejson(const uint8_t* data, size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
    JsonTape::Error tapeError;
    const std::shared_ptr<const JsonTape> tape = JsonTape::parse(bytes, &tapeError);
    if (!tape) {
        if (tapeError.problem.isEmpty() || tapeError.offset < 0 || tapeError.offset > bytes.size())
            FuzzSupport::fail("the decoder refused a document without saying where");
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        FuzzSupport::fail("the decoder accepted a document QJsonDocument refuses");
    const JsonNode root = tape->root();
    if (root.toJsonValue()
        != (document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array())))
        FuzzSupport::fail("the decoder's values differ from QJsonDocument's");
    if (root.isObject()) {
        parseObject(root);
    } else if (root.isArray()) {
        QString error;
        const std::optional<NodeSchedule> schedule = parseSchedule(root, &error);
        if (!schedule && error.isEmpty())
            FuzzSupport::fail("parseSchedule refused an array without an error");
        if (schedule) {
            // A schedule that parsed writes back to JSON that parses to the same schedule.
            const std::optional<NodeSchedule> again = parseSchedule(scheduleToJson(*schedule), &error);
            if (!again)
                FuzzSupport::fail("scheduleToJson wrote a schedule parseSchedule refuses");
        }
    }
}

#ifndef SFDESK_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzTargets::resourcejson(data, size);
    return 0;
}
#endif
