// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/multipart.h"

#include "common/constvalue.h"
#include "core/cloudinit/userdata.h"
#include "core/cloudinit/yamltree.h"

#include <QCryptographicHash>
#include <QHash>

#include <utility>

namespace sfdesk {

namespace CloudInit {

namespace {

// Lines of the input, each without its line break (LF or CRLF), with where it starts and where the
// next one starts.
struct Line
{
    qsizetype start = 0;
    qsizetype end = 0;  // without the line break
    qsizetype next = 0; // after the line break
};

QList<Line> splitLines(QByteArrayView data)
{
    QList<Line> lines;
    qsizetype start = 0;
    while (start < data.size()) {
        const qsizetype lf = data.indexOf('\n', start);
        Line line;
        line.start = start;
        line.next = lf < 0 ? data.size() : lf + 1;
        line.end = lf < 0 ? data.size() : lf;
        if (line.end > line.start && data[line.end - 1] == '\r')
            --line.end;
        lines.append(line);
        start = line.next;
    }
    return lines;
}

using Headers = QList<std::pair<QByteArray, QByteArray>>; // lower-cased name, value

bool isHeaderLine(QByteArrayView line)
{
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0)
        return false;
    for (qsizetype i = 0; i < colon; ++i) {
        const auto c = static_cast<unsigned char>(line[i]);
        if (c <= 32 || c >= 127)
            return false;
    }
    return true;
}

// Reads header lines from lines[first]; stops at the blank line (skipped) or a line that is no header.
// Returns the index of the first body line; *separated says whether a blank line ended the headers.
qsizetype readHeaders(QByteArrayView data, const QList<Line>& lines, qsizetype first, qsizetype last,
                      Headers* headers, bool* separated, qsizetype* headerBytes)
{
    qsizetype i = first;
    *separated = false;
    *headerBytes = 0;
    for (; i < last; ++i) {
        const QByteArrayView line = data.sliced(lines[i].start, lines[i].end - lines[i].start);
        *headerBytes += line.size();
        if (line.trimmed().isEmpty()) {
            *separated = true;
            return i + 1;
        }
        if ((line[0] == ' ' || line[0] == '\t') && !headers->isEmpty()) {
            headers->last().second += ' ' + line.trimmed().toByteArray();
            continue;
        }
        if (!isHeaderLine(line))
            return i;
        const qsizetype colon = line.indexOf(':');
        headers->append({line.first(colon).trimmed().toByteArray().toLower(),
                         line.sliced(colon + 1).trimmed().toByteArray()});
    }
    return i;
}

QByteArray headerValue(const Headers& headers, QByteArrayView name)
{
    for (const auto& [key, value] : headers)
        if (key == name)
            return value;
    return {};
}

// "type/subtype; a=b; c=\"d\"" -> the lower-cased type and its parameters (names lower-cased).
QByteArray splitParameters(const QByteArray& value, QHash<QByteArray, QByteArray>* parameters)
{
    qsizetype i = value.indexOf(';');
    const QByteArray type = (i < 0 ? value : value.first(i)).trimmed().toLower();
    while (i >= 0 && i < value.size()) {
        ++i; // past ';'
        const qsizetype eq = value.indexOf('=', i);
        if (eq < 0)
            break;
        const QByteArray name = value.sliced(i, eq - i).trimmed().toLower();
        qsizetype j = eq + 1;
        while (j < value.size() && (value[j] == ' ' || value[j] == '\t'))
            ++j;
        QByteArray parameter;
        if (j < value.size() && value[j] == '"') {
            ++j;
            while (j < value.size() && value[j] != '"') {
                if (value[j] == '\\' && j + 1 < value.size())
                    ++j;
                parameter += value[j];
                ++j;
            }
            i = value.indexOf(';', j);
        } else {
            const qsizetype semicolon = value.indexOf(';', j);
            parameter = value.sliced(j, (semicolon < 0 ? value.size() : semicolon) - j).trimmed();
            i = semicolon;
        }
        parameters->insert(name, parameter);
    }
    return type;
}

// RFC 2046: 1 to 70 characters of bchars, not ending in a space.
QString boundaryProblem(const QByteArray& boundary)
{
    if (boundary.isEmpty())
        return QStringLiteral("the boundary is empty");
    if (boundary.size() > 70)
        return QStringLiteral("the boundary is %1 characters long; at most 70 are allowed")
            .arg(boundary.size());
    static const QByteArray special = "'()+_,-./:=? ";
    for (const char c : boundary) {
        if (!(QChar::isLetterOrNumber(static_cast<unsigned char>(c)) && static_cast<unsigned char>(c) < 128)
            && !special.contains(c))
            return QStringLiteral("the boundary holds the character 0x%1, which a boundary may not")
                .arg(static_cast<unsigned char>(c), 2, 16, QLatin1Char('0'));
    }
    if (boundary.endsWith(' '))
        return QStringLiteral("the boundary ends in a space");
    return {};
}

QByteArray decodeQuotedPrintable(QByteArrayView body)
{
    QByteArray out;
    out.reserve(body.size());
    for (qsizetype i = 0; i < body.size(); ++i) {
        const char c = body[i];
        if (c != '=') {
            out += c;
            continue;
        }
        if (i + 1 < body.size() && body[i + 1] == '\n') { // soft line break
            ++i;
            continue;
        }
        if (i + 2 < body.size() && body[i + 1] == '\r' && body[i + 2] == '\n') {
            i += 2;
            continue;
        }
        bool ok = false;
        const int value = i + 2 < body.size() ? body.sliced(i + 1, 2).toInt(&ok, 16) : 0;
        if (ok) {
            out += static_cast<char>(value);
            i += 2;
        } else {
            out += c;
        }
    }
    return out;
}

QString partName(int index)
{
    return QStringLiteral("Part %1").arg(index + 1);
}

} // namespace

MultipartParse parseMultipart(QByteArrayView data)
{
    MultipartParse result;
    if (data.size() > MultipartLimits::maxInputBytes) {
        result.error = QStringLiteral("The file is %1 bytes; multipart user data is read up to %2 bytes.")
                           .arg(data.size())
                           .arg(MultipartLimits::maxInputBytes);
        return result;
    }
    if (data.trimmed().isEmpty()) {
        result.error = QStringLiteral("The file is empty.");
        return result;
    }
    const QList<Line> lines = splitLines(data);
    qsizetype first = 0;
    while (first < lines.size() && lines[first].end == lines[first].start)
        ++first;
    Headers top;
    bool separated = false;
    qsizetype headerBytes = 0;
    const qsizetype bodyLine = readHeaders(data, lines, first, lines.size(), &top, &separated, &headerBytes);
    if (headerBytes > MultipartLimits::maxHeaderBytes) {
        result.error =
            QStringLiteral("The headers are longer than %1 bytes.").arg(MultipartLimits::maxHeaderBytes);
        return result;
    }
    if (top.isEmpty()) {
        result.error = QStringLiteral("No MIME headers: multipart user data starts with \"Content-Type: "
                                      "multipart/mixed; boundary=...\".");
        return result;
    }
    const QByteArray contentType = headerValue(top, "content-type");
    if (contentType.isEmpty()) {
        result.error = QStringLiteral("No Content-Type header: multipart user data needs "
                                      "\"Content-Type: multipart/mixed; boundary=...\".");
        return result;
    }
    QHash<QByteArray, QByteArray> parameters;
    const QByteArray type = splitParameters(contentType, &parameters);
    if (type != "multipart/mixed") {
        result.error =
            QStringLiteral("The Content-Type is %1, not multipart/mixed.").arg(QString::fromUtf8(type));
        return result;
    }
    if (!parameters.contains("boundary")) {
        result.error =
            QStringLiteral("The Content-Type names no boundary, so the parts cannot be told apart.");
        return result;
    }
    const QByteArray boundary = parameters.value("boundary");
    if (const QString problem = boundaryProblem(boundary); !problem.isEmpty()) {
        result.error = QStringLiteral("The boundary is not valid: %1.").arg(problem);
        return result;
    }
    if (!separated)
        result.warnings << QStringLiteral("No blank line after the top-level headers.");

    // Delimiter lines: "--boundary" or "--boundary--", then only white space (transport padding).
    const QByteArray delimiter = "--" + boundary;
    struct Range
    {
        qsizetype firstLine;
        qsizetype endLine; // the delimiter line after the part
    };
    QList<Range> ranges;
    qsizetype open = -1;
    bool closed = false;
    for (qsizetype i = bodyLine; i < lines.size(); ++i) {
        const QByteArrayView line = data.sliced(lines[i].start, lines[i].end - lines[i].start);
        if (!line.startsWith(delimiter))
            continue;
        const QByteArrayView rest = line.sliced(delimiter.size());
        const bool closing = rest.startsWith("--");
        if (!(closing ? rest.sliced(2) : rest).trimmed().isEmpty())
            continue; // a line that only starts like the delimiter
        if (open >= 0)
            ranges.append({open, i});
        if (ranges.size() > MultipartLimits::maxParts) {
            result.error =
                QStringLiteral("More than %1 parts: that is not user data.").arg(MultipartLimits::maxParts);
            return result;
        }
        if (closing) {
            closed = true;
            open = -1;
            break;
        }
        open = i + 1;
    }
    if (ranges.isEmpty() && open < 0) {
        result.error = QStringLiteral("The boundary \"%1\" never occurs in the body: there are no parts.")
                           .arg(QString::fromUtf8(boundary));
        return result;
    }
    if (!closed) {
        result.warnings << QStringLiteral("The closing boundary is missing: the last part runs to the end.");
        ranges.append({open, lines.size()});
    }

    for (qsizetype n = 0; n < ranges.size(); ++n) {
        const Range range = ranges[n];
        const int index = int(n);
        Headers headers;
        qsizetype partHeaderBytes = 0;
        qsizetype bodyStart = range.firstLine;
        if (bodyStart < range.endLine
            && lines[bodyStart].end == lines[bodyStart].start) { // no headers: a blank line first
            ++bodyStart;
            separated = true;
        } else {
            bodyStart = readHeaders(data, lines, range.firstLine, range.endLine, &headers, &separated,
                                    &partHeaderBytes);
        }
        if (partHeaderBytes > MultipartLimits::maxHeaderBytes) {
            result.error = QStringLiteral("%1: its headers are longer than %2 bytes.")
                               .arg(partName(index))
                               .arg(MultipartLimits::maxHeaderBytes);
            return result;
        }
        // The line break before a delimiter belongs to the delimiter.
        const qsizetype from = bodyStart < range.endLine      ? lines[bodyStart].start
                               : range.endLine < lines.size() ? lines[range.endLine].start
                                                              : data.size();
        qsizetype to = range.endLine < lines.size() ? lines[range.endLine].start : data.size();
        if (range.endLine < lines.size() && to > from && data[to - 1] == '\n') {
            --to;
            if (to > from && data[to - 1] == '\r')
                --to;
        }
        QByteArray body = data.sliced(from, std::max<qsizetype>(0, to - from)).toByteArray();

        if (headers.isEmpty())
            result.warnings << QStringLiteral("%1 has no headers: its type is read from its first line.")
                                   .arg(partName(index));
        else if (!separated && bodyStart < range.endLine)
            result.warnings << QStringLiteral("%1: no blank line after its headers.").arg(partName(index));

        const QByteArray encoding = headerValue(headers, "content-transfer-encoding").trimmed().toLower();
        if (encoding == "base64") {
            auto decoded = QByteArray::fromBase64Encoding(body, QByteArray::IgnoreBase64DecodingErrors);
            body = std::move(decoded.decoded);
        } else if (encoding == "quoted-printable") {
            body = decodeQuotedPrintable(body);
        } else if (!encoding.isEmpty() && encoding != "7bit" && encoding != "8bit" && encoding != "binary") {
            result.error = QStringLiteral("%1: the Content-Transfer-Encoding %2 is not one MIME defines.")
                               .arg(partName(index), QString::fromUtf8(encoding));
            return result;
        }

        MimePart part;
        QHash<QByteArray, QByteArray> partParameters;
        const QByteArray partType = splitParameters(headerValue(headers, "content-type"), &partParameters);
        if (partType.startsWith("multipart/")) {
            result.error = QStringLiteral("%1 is itself multipart (%2): nested multipart user data is not "
                                          "supported here.")
                               .arg(partName(index), QString::fromUtf8(partType));
            return result;
        }
        // Without a type, or as text/plain, cloud-init reads the type from the first line.
        part.contentType =
            partType.isEmpty() || partType == "text/plain" || partType == "text/x-not-multipart"
                ? partTypeOfText(body)
                : QString::fromUtf8(partType);
        // A first line that reads as a MIME message makes the part multipart as much as its header would.
        if (part.contentType.startsWith(u"multipart/", Qt::CaseInsensitive)) {
            result.error = QStringLiteral("%1 is itself multipart (%2): nested multipart user data is not "
                                          "supported here.")
                               .arg(partName(index), part.contentType);
            return result;
        }
        if (part.contentType == u"text/plain")
            result.warnings << QStringLiteral(
                                   "%1: neither its Content-Type nor its first line says what it is, "
                                   "so cloud-init ignores it.")
                                   .arg(partName(index));
        QHash<QByteArray, QByteArray> disposition;
        splitParameters(headerValue(headers, "content-disposition"), &disposition);
        part.fileName = QString::fromUtf8(disposition.value("filename"));
        part.body = std::move(body);
        result.parts.append(std::move(part));
    }
    return result;
}

QStringList multipartPartTypes()
{
    return {QStringLiteral("text/cloud-config"), QStringLiteral("text/x-shellscript"),
            QStringLiteral("text/cloud-boothook"), QStringLiteral("text/jinja2")};
}

QString partTypeOfText(QByteArrayView body)
{
    const UserDataType type = detectUserDataType(body);
    const QString mime = mimeTypeOf(type);
    return mime.isEmpty() ? QStringLiteral("text/plain") : mime;
}

QByteArray buildMultipart(const QList<MimePart>& parts)
{
    // A boundary like the ones Python's email package makes, but taken from the parts, so that the same
    // parts always give the same payload (the preview is what is saved); it must occur in no part.
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const MimePart& part : parts) {
        hash.addData(part.contentType.toUtf8());
        hash.addData(part.body);
    }
    QByteArray boundary;
    for (quint32 attempt = 0;; ++attempt) {
        QCryptographicHash round(QCryptographicHash::Sha256);
        round.addData(hash.result());
        round.addData(QByteArray::number(attempt));
        quint64 number = 0;
        for (const char c : constValue(round.result().first(8)))
            number = (number << 8) | static_cast<unsigned char>(c);
        boundary = "===============" + QByteArray::number(number >> 1).rightJustified(19, '0') + "==";
        const QByteArray delimiter = "--" + boundary;
        bool used = false;
        for (const MimePart& part : parts)
            used = used || part.body.contains(delimiter);
        if (!used)
            break;
    }
    QByteArray out = "Content-Type: multipart/mixed; boundary=\"" + boundary + "\"\nMIME-Version: 1.0\n\n";
    int index = 0;
    for (const MimePart& part : parts) {
        ++index;
        bool ascii = true;
        qsizetype lineLength = 0;
        for (const char c : part.body) {
            const auto u = static_cast<unsigned char>(c);
            if (u == 0 || u >= 128 || u == '\r') {
                ascii = false;
                break;
            }
            lineLength = c == '\n' ? 0 : lineLength + 1;
            if (lineLength > 998) {
                ascii = false;
                break;
            }
        }
        const QByteArray type =
            part.contentType.isEmpty() ? QByteArray("text/plain") : part.contentType.toUtf8();
        QByteArray fileName = part.fileName.toUtf8();
        fileName.replace('"', "").replace('\n', "").replace('\r', "");
        if (fileName.isEmpty())
            fileName = "part-" + QByteArray::number(index).rightJustified(3, '0');
        out += "--" + boundary + "\n";
        out += "Content-Type: " + type + "; charset=\"" + (ascii ? "us-ascii" : "utf-8") + "\"\n";
        out += "MIME-Version: 1.0\n";
        out += QByteArray("Content-Transfer-Encoding: ") + (ascii ? "7bit" : "base64") + "\n";
        out += "Content-Disposition: attachment; filename=\"" + fileName + "\"\n\n";
        if (ascii) {
            out += part.body;
        } else {
            const QByteArray encoded = part.body.toBase64();
            for (qsizetype i = 0; i < encoded.size(); i += 76)
                out += encoded.sliced(i, std::min<qsizetype>(76, encoded.size() - i)) + "\n";
            if (!encoded.isEmpty())
                out.chop(1);
        }
        out += "\n";
    }
    out += "--" + boundary + "--\n";
    return out;
}

MergedCloudConfig mergeCloudConfigParts(const QList<MimePart>& parts, const QJsonObject& instanceData)
{
    MergedCloudConfig merged;
    QList<QString> order;
    QHash<QString, QByteArray> entries;
    int cloudConfigParts = 0;
    for (qsizetype n = 0; n < parts.size(); ++n) {
        const QString name = partName(int(n));
        MimePart part = parts[n];
        if (part.contentType == u"text/jinja2") {
            // cloud-init renders the template, then handles the result by its first line.
            const JinjaRender render = renderJinja(part.body, instanceData);
            if (!render.complete()) {
                merged.notes << QStringLiteral("%1 is a Jinja template the editor cannot render completely "
                                               "(line %2: %3); it is left out.")
                                    .arg(name)
                                    .arg(render.problems.isEmpty() ? 1 : render.problems.first().line + 1)
                                    .arg(render.problems.isEmpty() ? QString()
                                                                   : render.problems.first().message);
                continue;
            }
            if (partTypeOfText(render.text) != u"text/cloud-config")
                continue;
            merged.notes << QStringLiteral(
                                "%1 is a Jinja template: merged as rendered with the instance data.")
                                .arg(name);
            part.contentType = QStringLiteral("text/cloud-config");
            part.body = render.text;
        }
        if (part.contentType != u"text/cloud-config")
            continue;
        ++cloudConfigParts;
        const YamlDocument document = parseYaml(part.body);
        if (document.error) {
            merged.notes << QStringLiteral("%1 is not valid YAML (line %2: %3); it is left out.")
                                .arg(name)
                                .arg(document.error->reportedMark().line + 1)
                                .arg(document.error->problem);
            continue;
        }
        if (!document.root)
            continue;
        if (document.root->kind != YamlNode::Kind::Mapping) {
            merged.notes << QStringLiteral("%1 is not a mapping of keys; it is left out.").arg(name);
            continue;
        }
        const QList<YamlNode::Entry>& rootEntries = document.root->entries;
        bool blockLayout = true;
        for (qsizetype i = 0; i < rootEntries.size(); ++i) {
            const Mark start = rootEntries[i].key->range.start;
            if (start.column != 0 || (i > 0 && start.line <= rootEntries[i - 1].key->range.start.line))
                blockLayout = false;
        }
        if (!blockLayout) {
            merged.notes << QStringLiteral("%1 does not have one top-level key per line at the start of the "
                                           "line; it is left out.")
                                .arg(name);
            continue;
        }
        const QList<Line> lines = splitLines(part.body);
        for (qsizetype i = 0; i < rootEntries.size(); ++i) {
            const QString key = rootEntries[i].key->value;
            if (key == u"merge_how" || key == u"merge_type")
                merged.notes << QStringLiteral("%1 sets %2: the preview merges by cloud-init's default rule.")
                                    .arg(name, key);
            const qsizetype firstLine = rootEntries[i].key->range.start.line;
            const qsizetype endLine =
                i + 1 < rootEntries.size() ? rootEntries[i + 1].key->range.start.line : lines.size();
            if (firstLine >= lines.size())
                continue;
            const qsizetype from = lines[firstLine].start;
            const qsizetype to = endLine < lines.size() ? lines[endLine].start : part.body.size();
            QByteArray text = part.body.sliced(from, to - from);
            if (!text.endsWith('\n'))
                text += '\n';
            if (!entries.contains(key))
                order.append(key);
            entries.insert(key, text);
        }
    }
    if (cloudConfigParts == 0) {
        merged.notes << QStringLiteral("No part is cloud-config.");
        return merged;
    }
    merged.text = "#cloud-config\n";
    for (const QString& key : std::as_const(order))
        merged.text += entries.value(key);
    return merged;
}

} // namespace CloudInit

} // namespace sfdesk
