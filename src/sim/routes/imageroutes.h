// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/routes/simrouter.h"

#include <QList>
#include <QString>

#include <utility>

namespace sfsim {

class SimResources;

// Images: SF Compute's public ones and the account's own, uploaded in parts. A part's bytes go to a
// presigned URL on sfsim's transfer listener (SimTransfers), which asks here whether the URL's
// token is good and records each part that arrived; completing an upload checks its SHA-256
// against the bytes. A revoked image starts no new instance (ImageRoom::findLaunchableImage).
class SimImageRoutes final
{
public:
    static void add(SimRouter& router);

    // How long a transfer URL works, in the world's seconds.
    static constexpr qint64 TransferSeconds = 3600;

    // What a transfer URL's token allows: one part of an image, or (part 0) its download.
    struct Transfer
    {
        QString imageId;
        int part = 0;
        // A download's parts in order, and what they add up to.
        QList<std::pair<int, qint64>> parts;
        qint64 size = 0;
    };
    // The transfer a token names, checked at `now`; throws 403 for an unknown or expired token,
    // 404 for a deleted image, 400 for an image that no longer takes parts.
    static Transfer openTransfer(SimResources& resources, const QByteArray& token, bool upload, qint64 now);
    // A part's bytes are in place: the store records them (400 when the image no longer takes parts).
    static void recordPart(SimResources& resources, const QString& imageId, int part, qint64 size,
                           qint64 now);

private:
    static ApiResponse createImage(const SimRequestContext& c);
    static ApiResponse listImages(const SimRequestContext& c);
    static ApiResponse getImage(const SimRequestContext& c);
    static ApiResponse deleteImage(const SimRequestContext& c);
    static ApiResponse partUrl(const SimRequestContext& c);
    static ApiResponse completeUpload(const SimRequestContext& c);
    static ApiResponse download(const SimRequestContext& c);
    static ApiResponse revoke(const SimRequestContext& c);
    static ApiResponse reinstate(const SimRequestContext& c);
};

} // namespace sfsim
