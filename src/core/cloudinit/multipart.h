// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cloudinit/jinja.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

namespace sfdesk {

namespace CloudInit {

// One part of multipart/mixed user data: what cloud-init reads from it is its content type (for
// text/plain or no type, the first line, as cloud-init guesses it) and its body.
struct MimePart
{
    QString contentType;
    // The Content-Disposition file name: cloud-init names a part's script after it.
    QString fileName;
    QByteArray body;

    friend bool operator==(const MimePart&, const MimePart&) = default;
};

// What an input may cost: a payload is at most 64 KiB, so these only stop hostile input.
namespace MultipartLimits {
inline constexpr qsizetype maxInputBytes = 4 * 1024 * 1024;
inline constexpr int maxParts = 1000;
inline constexpr qsizetype maxHeaderBytes = 64 * 1024;
} // namespace MultipartLimits

struct MultipartParse
{
    QList<MimePart> parts;
    // Why the input is not multipart/mixed user data that can be opened; empty on success.
    QString error;
    // What was read differently from what was written (a part without headers, say).
    QStringList warnings;

    bool ok() const { return error.isEmpty(); }
};

// Reads multipart/mixed user data (RFC 2046, as Python's email parser reads it for cloud-init): the
// top-level Content-Type with its boundary, then each part's headers and body. Bodies in base64 or
// quoted-printable are decoded. Bad or missing boundaries, missing headers, a nested multipart and
// input past MultipartLimits give an error, never a crash; the time is linear in the input.
MultipartParse parseMultipart(QByteArrayView data);

// Writes multipart/mixed user data as cloud-init's make-mime does: a boundary that occurs in no part
// (the same parts give the same boundary), 7bit bodies when they are ASCII with short lines, else
// base64 (UTF-8).
QByteArray buildMultipart(const QList<MimePart>& parts);

// The part types the builder offers, as MIME types: cloud-config, shell script, boothook, Jinja.
QStringList multipartPartTypes();
// The content type of a part's text from its first line ("text/cloud-config" for "#cloud-config"),
// text/plain when the line names no type.
QString partTypeOfText(QByteArrayView body);

// The cloud-config that cloud-init gets from the cloud-config parts, merged with its default rule
// (dict(replace)+list()+str()): a later part's top-level key replaces the same key of earlier parts
// whole, and keeps the place where the key first appeared. Each entry keeps its text and comments.
struct MergedCloudConfig
{
    QByteArray text;
    // Parts that could not be merged, or merge settings the preview does not apply.
    QStringList notes;
};
// Jinja parts are rendered with instanceData first, as cloud-init renders them, and merged when
// the result is cloud-config.
MergedCloudConfig mergeCloudConfigParts(const QList<MimePart>& parts,
                                        const QJsonObject& instanceData = sampleInstanceData());

} // namespace CloudInit

} // namespace sfdesk
