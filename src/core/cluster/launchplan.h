// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QList>
#include <QString>

namespace sfdesk {

// What a multi-node job on a partition's running instances needs: the hostfile, one torchrun line
// per node, the NCCL settings for InfiniBand and the ssh command for each worker. Plain text with
// no widgets, so the exact output is testable.
namespace LaunchPlan {

struct Worker
{
    QString name;
    QString id;
    // Where ssh reaches it (the instance's SSH details, else its public address); empty while unknown.
    QString host;
    int sshPort = 22;
    bool operator==(const Worker&) const = default;
};

struct Options
{
    QString partitionName;
    QString fabricName;
    // The login the SSH bootstrap created; the bootstrap disables root login.
    QString user;
    // GPUs per node from the SKU's num_accelerators; 0 when unknown (torchrun then uses every GPU
    // it sees).
    int gpusPerNode = 0;
    int masterPort = 29500;
    QString script = QStringLiteral("train.py");
};

// Whether a server's host name can go into a command as it is: an IP address or a DNS name (letters,
// digits, '.' and '-', not starting with '-'), which mean nothing else to a shell or to ssh.
// Anything else is replaced by a placeholder that names the worker.
bool isUsableHost(const QString& host);
// The text with its control characters (newlines, carriage returns, ...) and line separators
// replaced by '?': server text in a shell comment must not end the comment.
QString commentText(const QString& text);

// The NCCL variables for the partition's InfiniBand: the ConnectX HCAs (mlx5_*) carry the
// traffic, every interface but loopback and docker carries NCCL's bootstrap, and INFO logging
// prints which transport was chosen (NET/IB when InfiniBand is used).
QList<std::pair<QString, QString>> ncclEnvironment();

// The running instances as workers (named by ID when unnamed), with their public address as the
// host until their SSH details say otherwise; the others cannot take part in a job.
QList<Worker> runningWorkers(const QList<Instance>& instances);

// The workers in launch order (by name, its trailing number as a number, then ID): node rank 0
// is the first and the master.
QList<Worker> ordered(QList<Worker> workers);
// Every server value in the text below is inert in a POSIX shell: hosts are usable hosts or a
// placeholder word (ADDRESS_OF_<name>), names in comments have no control characters, the user and
// the script are quoted.
// "host slots=N" per worker (slots omitted when the GPU count is unknown).
QString hostfile(const QList<Worker>& workers, const Options& options);
// The torchrun line for the worker at rank in ordered(workers), with the NCCL variables before it.
QString torchrunLine(const QList<Worker>& workers, int rank, const Options& options);
QString sshCommand(const Worker& worker, const Options& options);
// Everything above as one shell-commented document; empty without workers.
QString document(const QList<Worker>& workers, const Options& options);

} // namespace LaunchPlan

} // namespace sfdesk
