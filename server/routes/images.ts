import { Router, type RequestHandler } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import multer from 'multer';
import { z } from 'zod';
import { IdSchema } from '../../sync/schemas/common';
import type { AppContext } from '../context';
import { AppError, invalidField, notFound } from '../errors';
import { caller } from '../middleware/auth';
import { rateLimiters } from '../middleware/rate-limits';
import { checkImageConversation, readsChatImage } from '../services/chat/chat';
import { imageStore } from '../services/images/image-store';
import { imageUrl, listMarketingImages, readableImage, storeImage } from '../services/images/images';
import { MAX_UPLOAD_BYTES, PDF_MIME, tooLarge } from '../../sync/upload-rules';
import { pdfHeaders, receiptFileName } from '../services/images/pdf-receipts';
import { authorize, uploadPermission } from '../policies';
import { validate } from '../validate';

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

const UploadKindSchema = z.enum(['receipt', 'chat', 'avatar', 'marketing']).default('receipt');

/**
 * A file over the limit is a 413 that says what the kind allows (the kind comes first in the form);
 * multer's other limits keep their codes; a form the multipart parser cannot read (no boundary, cut short) is a 400.
 */
const parseUpload: RequestHandler = (req, res, next) => {
  upload.single('image')(req, res, (error?: unknown) => {
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
      const kind = UploadKindSchema.catch('receipt').parse((req.body as { kind?: unknown } | undefined)?.kind);
      next(new AppError(413, tooLarge(kind), { code: 'too_large' }));
      return;
    }
    next(error === undefined || error instanceof multer.MulterError ? error : new AppError(400, 'Unexpected upload form'));
  });
};

const UploadFieldsSchema = z.object({
  kind: UploadKindSchema,
  title: z.string().trim().max(100).optional(),
  /** The conversation a chat image is for; guests must name one of their own. */
  conversationId: IdSchema.optional(),
});
const ImageParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'Image not found') });

export function imageRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/images', async (_req, res) => {
    res.json(await listMarketingImages(ctx));
  });

  router.get('/images/:id', async (req, res) => {
    const { id } = validate(ImageParamsSchema, req.params);
    const image = await readableImage(ctx, id, req.user, (row, reader) => readsChatImage(ctx.db, row, reader));
    const data = await imageStore(ctx).read(image);
    if (!data) throw notFound('Image');
    res.setHeader('Cache-Control', image.kind === 'marketing' ? 'public, max-age=31536000, immutable' : 'private, no-store');
    if (image.mime === PDF_MIME) res.set(pdfHeaders(await receiptFileName(ctx.db, image.id)));
    res.type(image.mime).send(data);
  });

  // The limiters run before multer so a refused caller's 10 MB body is never parsed.
  const limits = rateLimiters(ctx);
  router.post('/images', limits.uploadAddress, limits.upload, parseUpload, async (req, res) => {
    const user = caller(req, 'chat');
    const fields = validate(UploadFieldsSchema, req.body);
    if (!req.file) throw invalidField('No image found', 'image', 'invalid_image');
    authorize(uploadPermission(fields.kind, Boolean(fields.conversationId)), user);
    if (fields.conversationId) await checkImageConversation(ctx.db, user, fields.conversationId);
    // Queue turns are counted per address: guests are cheap to make, addresses are not.
    const image = await storeImage(ctx, req.file.buffer, fields.kind, {
      owner: user,
      queueKey: ipKeyGenerator(req.ip ?? 'unknown'),
      title: fields.title ?? null,
    });
    res.status(201).json({ message: 'Image uploaded', imageUrl: imageUrl(image.id), _id: image.id });
  });

  return router;
}
