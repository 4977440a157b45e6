// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace sfdesk {

// Builds the exact `sf` command line for what a selection or a dialog would do, for
// "Copy as sf command". Pure functions: no I/O, no state.
namespace SfCommand {

// Quotes one argument for a POSIX shell only when it needs it.
QString shellQuote(const QString& argument);
// Joins program and arguments into one line, quoting each argument as needed.
QString join(const QStringList& words);

struct PartitionCreate
{
    QString name;
    QString fabric; // either a fabric...
    QString region; // ...or region and zone
    QString availabilityZone;
};
QString partitionCreate(const PartitionCreate& create);
QString partitionList(bool allWorkspaces, const QString& fabric = {});
QString partitionGet(const QString& reference);
QString partitionInstances(const QString& reference);
QString partitionDelete(const QString& reference);

struct InstanceCreate
{
    QString pool;
    QString sku;
    QString image;
    QString cloudInitFile;
    QString name;
    QString partition; // empty: no InfiniBand
};
QString instanceCreate(const InstanceCreate& create);
QString instanceTerminate(const QString& reference);
QString instanceDelete(const QString& reference);
QString instanceLogs(const QString& reference);
QString instanceSsh(const QString& reference);

// Replaces an instance; the replacement keeps pool, SKU, partition, tags and priority.
struct InstanceReplace
{
    QString reference;
    QString image;
    QString cloudInitFile;
    QString name;
};
QString instanceReplace(const InstanceReplace& replace);
// One batch request for every instance named.
QString instancePriority(const QStringList& references, const QString& priority);

struct InstanceTemplateCreate
{
    QString name;
    QString image;
    QString cloudInitFile;
};
QString instanceTemplateCreate(const InstanceTemplateCreate& create);
QString instanceTemplateGet(const QString& reference);
QString instanceTemplateDelete(const QString& reference);

struct DeploymentCreate
{
    QString name;
    QString pool;
    QString sku;
    QString instanceTemplate;
    int targetInstanceCount = 0;
    QString instanceNameTemplate; // empty: the server's default
    QString partition;            // empty: no InfiniBand
    bool spot = false;
    QString maxRate; // spot: dollars per node-hour
};
QString deploymentCreate(const DeploymentCreate& create);
QString deploymentScale(const QString& reference, int targetInstanceCount);
QString deploymentSetEnabled(const QString& reference, bool enabled);
QString deploymentDelete(const QString& reference);

QString availability(bool infinibandOnly);
QString previewEnroll(const QString& flag);

// Images, as the sf CLI spells them: `sf images upload -f FILE -n NAME` uploads in parts,
// `sf images get ID` shows an image with its download link and the link's expiry.
QString imageUpload(const QString& file, const QString& name);
QString imageGet(const QString& reference);
QString imageRevoke(const QString& reference);
QString imageReinstate(const QString& reference);
QString imageDelete(const QString& reference);

QString poolCreate(const QString& name);
QString poolDelete(const QString& reference);

struct OrderCreate
{
    bool buy = true;
    QString pool;
    QString sku;
    int nodes = 1;
    qint64 startAt = 0; // Unix seconds
    qint64 durationSeconds = 0;
    QString rate; // dollars per node-hour, as the API's decimal string
    bool allowStanding = false;
    bool quoteOnly = false;
};
QString orderCreate(const OrderCreate& order);
QString orderCancel(const QString& id);

// `sf procurements create` as the inference guide spells it (--pool where it said --capacity
// before pools were named so); prices are the API's decimal strings.
struct ProcurementCreate
{
    QString name;
    QString pool;
    QString sku;
    qint64 target = 0;
    QString maxBuyPrice;
    QString minSellPrice;
    qint64 windowMinutes = 0;
};
QString procurementCreate(const ProcurementCreate& create);
QString procurementDelete(const QString& reference);
// A pool transfer: nodes of one SKU over one window, from one pool to another (the pools guide's
// --from and --to; the pools may be in different workspaces).
struct PoolTransferCreate
{
    QString from;
    QString to;
    QString sku;
    int nodes = 1;
    qint64 startAt = 0;
    qint64 durationSeconds = 0;
};
QString poolTransfer(const PoolTransferCreate& transfer);

// A duration as the CLI takes it: the largest whole unit (2w, 7d, 24h, 90m, 45s).
QString cliDuration(qint64 seconds);
// A Unix time as the CLI takes it: ISO 8601 in UTC.
QString cliTime(qint64 unixSeconds);

} // namespace SfCommand

} // namespace sfdesk
