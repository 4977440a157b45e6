// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace sfdesk {

// What the app asks the API to create or change: the bodies of ApiClient's and Session's writes,
// for the widgets that fill them in without reaching for the client.

struct NewInstance
{
    QString pool;
    QString image;
    QString sku;
    QString name;
    QByteArray cloudInitUserData; // raw bytes; sent base64-encoded
    bool enablePublicIpv4 = false;
    QString priority; // yield, normal, preferred, critical; empty: server default
    QString infinibandPartition;
    QMap<QString, QString> tags;
};

struct NewInstanceTemplate
{
    QString workspace;            // id or resource path
    QString image;                // id or resource path
    QString name;                 // empty: the server names it
    QByteArray cloudInitUserData; // raw bytes; sent base64-encoded
    QMap<QString, QString> tags;
};

struct NewDeployment
{
    Deployment::Kind kind = Deployment::Kind::Generic;
    QString name;             // empty: the server names it
    QString pool;             // id or resource path
    QString sku;              // isku_ id
    QString instanceTemplate; // id or resource path
    int targetInstanceCount = 0;
    QString instanceNameTemplate; // empty: the server's default
    QString maxBuyPrice;          // spot only: dollars per node-hour, a decimal string
    QString infinibandPartition;  // the partition its instances join, if any
};

// What PATCH /deployments/{id} changes; what is not set stays.
struct DeploymentChange
{
    std::optional<QString> name;
    std::optional<QString> instanceTemplate;
    std::optional<bool> enabled;
    std::optional<int> targetInstanceCount;
    std::optional<QString> instanceNameTemplate;
    std::optional<QString> maxBuyPrice;
};

struct InstanceReplacement
{
    QString image;                // id or resource path
    QByteArray cloudInitUserData; // raw; empty: none ("you will not be able to SSH into it")
    QString name;                 // empty: the server names it
};

struct OrderPreviewRequest
{
    QString side = QStringLiteral("buy");
    QMap<QString, QStringList> requirements;
    qint64 startAt = 0;
    qint64 durationSeconds = 0;
    int nodeCount = 0;
    QString pool;
};

} // namespace sfdesk
